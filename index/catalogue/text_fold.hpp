// Text compared without letter case in every script: names and text filters match
// when their NFKC case folds (ICU) are equal, so "Ünal" is "ünal", "ΣΟΦΊΑ" is
// "σοφία" and "Straße" is "STRASSE". The catalogue stores each tag value's fold
// (tag_values.folded, indexed) and its readers get the same fold as SQL's fold(x).
#pragma once
#include <string>
#include <string_view>

namespace apiary::index {

class Connection;

// The NFKC case fold of UTF-8 text; bytes that are not UTF-8 fold to U+FFFD.
std::string foldCase(std::string_view utf8);

// Registers fold(text) on the connection (NULL stays NULL).
void addFoldFunction(const Connection& db);

}  // namespace apiary::index
