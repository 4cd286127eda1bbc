# Rows that source files declare one per line, each with a number that
# places it: `IBVCERT_VERB(Name, index, "page");` in contracts/*_rules.cpp,
# `IBVCERT_FUZZ_ROW(name, code);` in fuzz/harness/op_*.cpp.
#
#   ibvcert_numbered_rows(OUT MACRO LINE_REGEX SHAPE FILE...)
#
# reads the lines of each FILE that start with MACRO(, matches each against
# LINE_REGEX (group 1 the row's name, 2 its number, 3 what else it carries)
# and stops the configure, naming the file, on a line that does not match
# (SHAPE says what a row reads) or on a number taken twice. OUT: the rows
# sorted by number, each "NUMBER|NAME|REST" with NUMBER zero-padded to six
# digits (read one back with "^0*([0-9]+)\\|([^|]*)\\|(.*)$").
function(ibvcert_numbered_rows out macro line_regex shape)
  set(rows "")
  foreach(file IN LISTS ARGN)
    file(STRINGS ${file} lines REGEX "^${macro}\\(")
    foreach(line IN LISTS lines)
      if(NOT line MATCHES "${line_regex}")
        message(FATAL_ERROR "${file}: '${line}': a row reads ${shape}")
      endif()
      set(name ${CMAKE_MATCH_1})
      set(number ${CMAKE_MATCH_2})
      set(rest "${CMAKE_MATCH_3}")
      if(DEFINED taken_${number})
        message(FATAL_ERROR "${file}: row ${name} takes number ${number}, the number of row ${taken_${number}}")
      endif()
      set(taken_${number} ${name})
      # zero-padded, so that the list sorts by number
      string(LENGTH "${number}" digits)
      math(EXPR pad_len "6 - ${digits}")
      string(REPEAT "0" ${pad_len} pad)
      list(APPEND rows "${pad}${number}|${name}|${rest}")
    endforeach()
  endforeach()
  list(SORT rows)
  set(${out} "${rows}" PARENT_SCOPE)
endfunction()
