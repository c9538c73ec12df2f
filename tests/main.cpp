// The Catch2 runner; every other file in tests/ holds the tests of one header or program part.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
