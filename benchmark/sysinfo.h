// sysinfo.h -- what the header says about the machine and the environment.
#pragma once

#include <string>
#include <vector>

std::string cpu_model();     // "AMD EPYC ... (family 26, model 2)"
int usable_cpus();           // CPUs this process may run on
std::string load_average();  // "/proc/loadavg" first three fields

// Environment variables that change how the libraries behave, as
// "NAME=value" lines, plus warnings for the ones that distort the
// comparison (OPENBLAS_CORETYPE forces an old kernel on both OpenBLAS peers).
std::vector<std::string> env_notes(std::vector<std::string> *warnings);
