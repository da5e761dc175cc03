#include "index/catalogue/text_fold.hpp"

#include <sqlite3.h>
#include <unicode/normalizer2.h>
#include <unicode/unistr.h>
#include <optional>

#include "index/catalogue/sqlite.hpp"

namespace apiary::index {

namespace {

// ASCII is NFKC-stable and its case fold lowers A-Z only: most tag values (round
// numbers, dates, many names) need no trip through ICU's UTF-16.
std::optional<std::string> foldAscii(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (static_cast<unsigned char>(c) >= 0x80) return std::nullopt;
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  }
  return out;
}

}  // namespace

std::string foldCase(std::string_view utf8) {
  if (auto ascii = foldAscii(utf8)) return std::move(*ascii);
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* fold = icu::Normalizer2::getNFKCCasefoldInstance(status);
  const icu::UnicodeString text = icu::UnicodeString::fromUTF8(icu::StringPiece(utf8.data(), int32_t(utf8.size())));
  icu::UnicodeString folded = U_SUCCESS(status) ? fold->normalize(text, status) : text;
  // Only a broken ICU data file fails here: fall back to the simple per-letter fold.
  if (U_FAILURE(status)) folded = icu::UnicodeString(text).foldCase();
  std::string out;
  return folded.toUTF8String(out);
}

namespace {

void foldFunction(sqlite3_context* context, int, sqlite3_value** arguments) {
  if (sqlite3_value_type(arguments[0]) == SQLITE_NULL) return sqlite3_result_null(context);
  const auto* text = reinterpret_cast<const char*>(sqlite3_value_text(arguments[0]));
  const std::string folded = foldCase({text, std::size_t(sqlite3_value_bytes(arguments[0]))});
  sqlite3_result_text(context, folded.data(), int(folded.size()), SQLITE_TRANSIENT);
}

}  // namespace

void addFoldFunction(const Connection& db) {
  const int rc = sqlite3_create_function_v2(db.handle(), "fold", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nullptr,
                                            foldFunction, nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) throw SqliteError(std::string("cannot add fold(): ") + sqlite3_errmsg(db.handle()));
}

}  // namespace apiary::index
