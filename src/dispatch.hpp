// dispatch.hpp -- the CPU target chosen once per process.
#pragma once

#include "target.hpp"

namespace tileblas {

// The best compiled-in target this CPU runs, or the one TILEBLAS_CORETYPE
// names when the CPU can run it.  Chosen on first use (thread-safe).
const CpuTarget &active_target();

}  // namespace tileblas
