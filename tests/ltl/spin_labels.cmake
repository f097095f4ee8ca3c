# Read by ctest after the test list of ltl_spin_tests (gtest_discover_tests
# sets it in ltl_spin_tests_TESTS): labels them `unit` and `slow`, since
# bb_test's LABELS passes its list through gtest_discover_tests, which
# keeps only the first label. `slow`: the cross-check spawns spin and a C
# compiler, and scripts/full-check.sh's sanitizer tier leaves it out.
foreach(test IN LISTS ltl_spin_tests_TESTS)
  set_tests_properties("${test}" PROPERTIES LABELS "unit;slow")
endforeach()
