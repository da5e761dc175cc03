#include "ingest/text_encoding.hpp"

#include <unicode/ucnv.h>
#include <unicode/utf8.h>

#include <memory>
#include <stdexcept>

namespace apiary::ingest {

bool isValidUtf8(std::string_view text) {
  const auto* bytes = reinterpret_cast<const uint8_t*>(text.data());
  const int32_t length = int32_t(text.size());
  for (int32_t i = 0; i < length;) {
    UChar32 c;
    U8_NEXT(bytes, i, length, c);
    if (c < 0) return false;
  }
  return true;
}

std::string asUtf8(std::string text) {
  if (isValidUtf8(text)) return text;
  // One converter a thread: opening one costs more than a tag's conversion.
  thread_local const std::unique_ptr<UConverter, void (*)(UConverter*)> windows1252 = [] {
    UErrorCode status = U_ZERO_ERROR;
    UConverter* c = ucnv_open("windows-1252", &status);
    if (U_FAILURE(status)) throw std::runtime_error(std::string("ICU has no windows-1252: ") + u_errorName(status));
    return std::unique_ptr<UConverter, void (*)(UConverter*)>(c, ucnv_close);
  }();
  // A byte becomes at most three bytes of UTF-8 (U+FFFD for the five it leaves undefined).
  std::string out(text.size() * 3 + 1, '\0');
  UErrorCode status = U_ZERO_ERROR;
  const int32_t written = ucnv_toAlgorithmic(UCNV_UTF8, windows1252.get(), out.data(), int32_t(out.size()), text.data(),
                                             int32_t(text.size()), &status);
  if (U_FAILURE(status)) throw std::runtime_error(std::string("cannot decode a tag: ") + u_errorName(status));
  out.resize(std::size_t(written));
  return out;
}

}  // namespace apiary::ingest
