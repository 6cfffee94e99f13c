# CPU targets: which kernel folders are compiled, and with which ISA flags.
# Only the files of a kernel get its ISA flags; everything else is built for
# baseline x86-64, so one binary runs on any x86-64 CPU and the dispatcher
# (src/dispatch.cpp) picks the best target at load time.

set(TILEBLAS_ISA_FLAGS_avx512 -mavx512f -mavx512dq -mavx512bw -mavx512vl -mavx2 -mfma -mf16c)
set(TILEBLAS_ISA_FLAGS_avx2 -mavx2 -mfma -mf16c)
set(TILEBLAS_ISA_FLAGS_generic "")

function(tileblas_kernel_sources out_var)
  set(targets generic)
  if(CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|AMD64")
    if("${TARGET}" STREQUAL "auto")
      list(APPEND targets avx2 avx512)
    elseif("${TARGET}" STREQUAL "avx512" OR "${TARGET}" STREQUAL "avx2")
      list(APPEND targets ${TARGET})
    elseif(NOT "${TARGET}" STREQUAL "generic")
      message(FATAL_ERROR "TARGET must be auto, avx512, avx2 or generic (got '${TARGET}')")
    endif()
  endif()
  set(sources "")
  set(defs "")
  foreach(t IN LISTS targets)
    file(GLOB files CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/kernels/x86_64/${t}/*.cpp)
    if(TILEBLAS_ISA_FLAGS_${t})
      set_source_files_properties(${files} PROPERTIES COMPILE_OPTIONS "${TILEBLAS_ISA_FLAGS_${t}}")
    endif()
    # Kernels of an optional extension (file name says which) also get its
    # flag; the dispatcher calls them only where CPUID reports it.
    foreach(f IN LISTS files)
      if(t STREQUAL "avx512" AND f MATCHES "avx512bf16[^/]*\\.cpp$")
        set_source_files_properties(${f} PROPERTIES
          COMPILE_OPTIONS "${TILEBLAS_ISA_FLAGS_avx512};-mavx512bf16")
      endif()
    endforeach()
    list(APPEND sources ${files})
    string(TOUPPER ${t} T)
    list(APPEND defs TILEBLAS_TARGET_${T}=1)
  endforeach()
  message(STATUS "tileblas CPU targets: ${targets}")
  set(${out_var} ${sources} PARENT_SCOPE)
  set(TILEBLAS_TARGET_DEFINITIONS ${defs} PARENT_SCOPE)
endfunction()
