// foldCase: ASCII takes a path of its own, which must give what ICU's NFKC case
// fold gives; other text goes through ICU.
#include <catch2/catch.hpp>

#include <unicode/normalizer2.h>
#include <unicode/unistr.h>

#include <string>

#include "index/catalogue/text_fold.hpp"

using apiary::index::foldCase;

namespace {

std::string icuFold(const std::string& utf8) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* fold = icu::Normalizer2::getNFKCCasefoldInstance(status);
  REQUIRE(U_SUCCESS(status));
  const icu::UnicodeString folded = fold->normalize(icu::UnicodeString::fromUTF8(utf8), status);
  REQUIRE(U_SUCCESS(status));
  std::string out;
  return folded.toUTF8String(out);
}

}  // namespace

TEST_CASE("every ASCII character folds as ICU's NFKC case fold folds it") {
  for (int c = 0; c < 0x80; ++c) {
    const std::string text = std::string("a") + char(c) + "Z";
    INFO("character " << c);
    CHECK(foldCase(text) == icuFold(text));
  }
}

TEST_CASE("ASCII tag values fold to lower case and keep everything else") {
  CHECK(foldCase("Round 12") == "round 12");
  CHECK(foldCase("2017.03.23") == "2017.03.23");
  CHECK(foldCase("") == "");
}

TEST_CASE("text beyond ASCII is folded by ICU in every script") {
  CHECK(foldCase("Ünal") == "ünal");
  CHECK(foldCase("ΣΟΦΊΑ") == icuFold("ΣΟΦΊΑ"));
  CHECK(foldCase("Straße") == foldCase("STRASSE"));
  CHECK(foldCase("ｆｕｌｌ") == "full");  // NFKC: full-width letters
}
