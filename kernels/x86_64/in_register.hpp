// in_register.hpp -- in_register(v): v, held in a register.  GCC folds a
// load that feeds two instructions into both of them as memory operands, so
// the data is read twice; in kernels bound by loads (symv's panel, where each
// vector of A serves two FMAs; the complex kernels, where a vector feeds an
// FMA and a lane swap) that cost a quarter to a third of their speed.  The
// empty asm takes and returns the value in a vector register: no
// instruction, but the fold can no longer happen.
#pragma once

namespace tileblas {

template <class Reg>
inline Reg in_register(Reg v) {
#if defined(__x86_64__) || defined(__i386__)
  asm("" : "+v"(v));
#endif
  return v;
}

}  // namespace tileblas
