// A user's text for one field read as a number or a yes/no, alike for every front
// end: a value that cannot be one is a QueryError (BadInput) naming the field.
#pragma once
#include <cstdint>
#include <string_view>

#include "query/error.hpp"

namespace apiary::query {

// A value a field cannot take: QueryError (BadInput) naming the field, quoting the
// value's start and saying what was expected (`'yesterday': expected yyyy-mm-dd`).
[[noreturn]] void refuseText(Field field, std::string_view text, std::string_view expected);

// A decimal number from `least` to `most`, nothing before or after it.
uint64_t numberText(Field field, std::string_view text, uint64_t least, uint64_t most);
// 1, true or nothing (a name given alone) for yes; 0 or false for no.
bool flagText(Field field, std::string_view text);

}  // namespace apiary::query
