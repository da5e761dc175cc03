// Dates as archives write them, normalised to ISO 8601 where that can be done
// without guessing: "2013.04.19" -> "2013-04-19", "2013.04.??" -> "2013-04",
// "28 October 2018", "Fri Apr 19 19:54:39 CDT 2013", "30-Jan-2024_16:10:56". The
// catalogue keeps the original in the Date tag either way.
#pragma once
#include <string>
#include <string_view>

namespace apiary::index {

// "YYYY-MM-DD", "YYYY-MM" or "YYYY"; empty when no year can be read.
std::string isoDate(std::string_view text);

}  // namespace apiary::index
