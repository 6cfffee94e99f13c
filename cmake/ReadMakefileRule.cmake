# tileblas_read_makefile_rule(FILE): every "KEY = VALUE" line of FILE becomes a
# cache variable KEY, unless KEY is already set (a -DKEY=... on the command
# line wins).  '#' starts a comment.
function(tileblas_read_makefile_rule file)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${file})
  file(STRINGS ${file} lines)
  foreach(line IN LISTS lines)
    string(REGEX REPLACE "#.*$" "" line "${line}")
    if(line MATCHES "^[ \t]*([A-Za-z_][A-Za-z0-9_]*)[ \t]*=[ \t]*(.*[^ \t])?[ \t]*$")
      set(key ${CMAKE_MATCH_1})
      set(value "${CMAKE_MATCH_2}")
      if(NOT DEFINED ${key} OR (key STREQUAL "CMAKE_BUILD_TYPE" AND "${${key}}" STREQUAL ""))
        set(${key} "${value}" CACHE STRING "from Makefile.rule" FORCE)
      endif()
      message(STATUS "tileblas option ${key} = ${${key}}")
    endif()
  endforeach()
endfunction()
