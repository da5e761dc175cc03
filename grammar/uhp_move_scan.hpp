// Internals of the UHP grammar shared by its two files (include only from
// grammar/uhp*.cpp): a move string's scan, which uhp_move.cpp owns and the file
// grammar in uhp.cpp falls back to for every line its fast path does not take.
#pragma once
#include <boost/range/iterator_range.hpp>
#include <cstddef>
#include <string>
#include <string_view>

#include "grammar/uhp.hpp"

namespace apiary::grammar::uhp_detail {

inline std::string_view view(const boost::iterator_range<const char*>& r) {
  return {r.begin(), static_cast<std::size_t>(r.end() - r.begin())};
}

// The word starting at `from`, for quoting what could not be parsed.
std::string_view untilBlank(const char* from, const char* end);

// Reads one move string into `move`; when it is refused, says where (a byte offset
// into `text`) and why. No string is built for a move that reads.
bool scanMoveString(std::string_view text, UhpMove& move, std::size_t& errorAt, std::string& why);

const char* kindWord(UhpMoveKind kind);

}  // namespace apiary::grammar::uhp_detail
