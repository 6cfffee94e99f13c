# The CUDA engine: tileblas_cuda.so, a module the core library dlopens on
# the first call that could offload (src/gpu/).  The core never links CUDA.
#
#   BUILD_CUDA = auto | ON | OFF     auto: build it when nvcc is found
#   CUDA_ARCHS = 90a 80 90-virtual   machine code per SM ("90a" = Hopper's
#                                    wgmma/setmaxnreg target), "-virtual" = PTX
#                                    that newer GPUs compile at load time
#
# Defines: tileblas_cuda_kernels (static, the kernels and their launchers, also
# linked by the GPU tests and benchmark) and tileblas_cuda (the module).

set(TILEBLAS_HAVE_CUDA OFF)
if(BUILD_CUDA STREQUAL "OFF" OR BUILD_CUDA STREQUAL "off")
  message(STATUS "tileblas CUDA engine: off (BUILD_CUDA = OFF)")
  return()
endif()

include(CheckLanguage)
check_language(CUDA)
if(NOT CMAKE_CUDA_COMPILER)
  if(BUILD_CUDA STREQUAL "ON" OR BUILD_CUDA STREQUAL "on")
    message(FATAL_ERROR "BUILD_CUDA = ON but no CUDA compiler (nvcc) was found")
  endif()
  message(STATUS "tileblas CUDA engine: not built (no nvcc found)")
  return()
endif()

# Architectures are given as explicit -gencode pairs: CMake 3.25 does not know
# the "a" (architecture-specific) suffix, and sm_90a must be named as
# arch=compute_90a,code=sm_90a for wgmma to assemble.
set(CMAKE_CUDA_ARCHITECTURES OFF)
enable_language(CUDA)
find_package(CUDAToolkit REQUIRED)
set(CMAKE_CUDA_STANDARD 17)
set(CMAKE_CUDA_STANDARD_REQUIRED ON)

set(TILEBLAS_CUDA_GENCODE "")
string(REPLACE " " ";" _archs "${CUDA_ARCHS}")
foreach(arch IN LISTS _archs)
  if(arch STREQUAL "")
    continue()
  elseif(arch MATCHES "^([0-9]+a?)-virtual$")
    list(APPEND TILEBLAS_CUDA_GENCODE "-gencode=arch=compute_${CMAKE_MATCH_1},code=compute_${CMAKE_MATCH_1}")
  elseif(arch MATCHES "^[0-9]+a?$")
    list(APPEND TILEBLAS_CUDA_GENCODE "-gencode=arch=compute_${arch},code=sm_${arch}")
  else()
    message(FATAL_ERROR "CUDA_ARCHS: '${arch}' is not NN, NNa or NN-virtual")
  endif()
endforeach()
message(STATUS "tileblas CUDA engine: ${CMAKE_CUDA_COMPILER} ${CMAKE_CUDA_COMPILER_VERSION}, ${TILEBLAS_CUDA_GENCODE}")

file(GLOB_RECURSE TILEBLAS_CUDA_KERNEL_SOURCES CONFIGURE_DEPENDS
  ${CMAKE_CURRENT_SOURCE_DIR}/kernels/cuda/*.cu ${CMAKE_CURRENT_SOURCE_DIR}/kernels/cuda/*.cpp)
add_library(tileblas_cuda_kernels STATIC ${TILEBLAS_CUDA_KERNEL_SOURCES})
target_include_directories(tileblas_cuda_kernels PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/kernels/cuda)
target_link_libraries(tileblas_cuda_kernels PUBLIC CUDA::cudart_static)
target_compile_options(tileblas_cuda_kernels PRIVATE
  $<$<COMPILE_LANGUAGE:CUDA>:${TILEBLAS_CUDA_GENCODE} -Xptxas=-warn-spills --expt-relaxed-constexpr>)
set_target_properties(tileblas_cuda_kernels PROPERTIES
  POSITION_INDEPENDENT_CODE ON CUDA_RUNTIME_LIBRARY Static)

# The module: host code in src/cuda/ (device probe, pointer kinds, host-memory
# offload pipeline) around the kernels.  The CUDA runtime is linked statically
# so the module needs only the driver (libcuda.so.1), which cudart itself
# dlopens: no driver = a clean "no GPU" answer, not a failed dlopen.
file(GLOB TILEBLAS_CUDA_MODULE_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/src/cuda/*.cpp)
add_library(tileblas_cuda SHARED ${TILEBLAS_CUDA_MODULE_SOURCES})
target_include_directories(tileblas_cuda PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/src)
target_link_libraries(tileblas_cuda PRIVATE tileblas_cuda_kernels CUDA::cudart_static Threads::Threads)
target_compile_options(tileblas_cuda PRIVATE -Wall -Wextra)
if(CUDA_ARCHS MATCHES "(^| )90a( |$)")
  target_compile_definitions(tileblas_cuda PRIVATE TILEBLAS_CUDA_SM90A=1)  # wgmma code is in
endif()
# No "lib" prefix: it is a plugin, not a library to link, and tools that
# find BLAS libraries by file name (threadpoolctl: "libtileblas*") must not
# take it for a second tileblas.
set_target_properties(tileblas_cuda PROPERTIES
  PREFIX "" LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}
  CXX_VISIBILITY_PRESET hidden CUDA_RUNTIME_LIBRARY Static)
target_link_options(tileblas_cuda PRIVATE
  -Wl,--version-script=${CMAKE_CURRENT_SOURCE_DIR}/src/cuda/exports.map -Wl,--no-undefined)
install(TARGETS tileblas_cuda LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
set(TILEBLAS_HAVE_CUDA ON)
