// Tests name a notation by its word: the shipped table's row of that name.
#pragma once
#include <catch2/catch.hpp>
#include <string_view>

#include "notation/notations.hpp"

namespace apiary::test {

inline const notation::Notation& row(std::string_view name) {
  for (const notation::Notation& n : notation::notationTable())
    if (n.name == name) return n;
  FAIL("no notation named " << name);
  return notation::uhpNotation();
}

}  // namespace apiary::test
