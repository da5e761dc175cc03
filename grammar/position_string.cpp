// Position strings: an X3 grammar whose semantic actions lay the cells out as
// they are read, and a writer walking the smallest parallelogram.
#include "grammar/position_string.hpp"

#include <algorithm>
#include <boost/spirit/home/x3.hpp>
#include <cctype>
#include <map>

#include "grammar/ascii.hpp"

namespace apiary::grammar {
namespace {
using namespace ascii;

char letterOf(const PositionPiece& p) {
  return p.color == 'w' ? p.bug : static_cast<char>(std::tolower(static_cast<unsigned char>(p.bug)));
}
// Rows of another width than the first, each with the offset of its first cell:
// the grammar cannot count.
std::vector<std::pair<std::size_t, std::string>> unevenRows(std::string_view text, const std::vector<std::string>& rows,
                                                            const std::vector<int>& widths) {
  std::vector<std::pair<std::size_t, std::string>> uneven;
  std::size_t offset = text.find_first_not_of(" \t");
  for (std::size_t r = 0; r < widths.size(); ++r) {
    if (widths[r] != widths[0])
      uneven.emplace_back(offset, "row " + std::to_string(r + 1) + " is " + std::to_string(widths[r]) +
                                      " cells wide, row 1 is " + std::to_string(widths[0]));
    offset += rows[r].size() + 1;
  }
  return uneven;
}
}  // namespace

PositionParseResult parsePositionString(std::string_view text) {
  PositionParseResult result;
  It const begin = text.data();
  It const end = begin + text.size();
  auto err = [&](It at, std::string why) {
    result.errors.push_back(syntaxError({1, static_cast<int>(at - begin) + 1}, std::move(why)));
  };

  PositionString pos;
  std::vector<int> widths;
  int col = 0;
  std::vector<PositionPiece> stack;
  bool twoMarks = false;
  It secondMark = nullptr;

  auto beginRow = [&](auto&) { col = 0; };
  auto endRow = [&](auto& ctx) {
    auto r = x3::_attr(ctx);
    pos.rows.emplace_back(r.begin(), r.end());
    widths.push_back(col);
  };
  // A run that makes its row wider than any hive is refused where it stands: `388888888`
  // would have every reader and writer walk that many cells.
  It tooWide = nullptr, run = nullptr;
  auto beginRun = [&](auto& ctx) { run = x3::_where(ctx).begin(); };
  auto onRun = [&](auto& ctx) {
    const long long widened = col + static_cast<long long>(x3::_attr(ctx));
    if (widened > kMaxRowWidth && !tooWide) tooWide = run;
    col = static_cast<int>(std::min<long long>(widened, kMaxRowWidth + 1));
  };
  auto beginStack = [&](auto&) { stack.clear(); };
  auto onPiece = [&](auto& ctx) {
    char c = x3::_attr(ctx);
    bool white = std::isupper(static_cast<unsigned char>(c));
    stack.push_back({white ? 'w' : 'b', static_cast<char>(std::toupper(static_cast<unsigned char>(c)))});
  };
  auto onMark = [&](auto& ctx) {
    if (pos.lastMoved) {
      if (!twoMarks) secondMark = x3::_attr(ctx).begin();
      twoMarks = true;
    }
    pos.lastMoved = PositionMark{col, static_cast<int>(pos.rows.size()), static_cast<int>(stack.size()) - 1};
  };
  auto endStack = [&](auto&) {
    pos.cells.push_back({col, static_cast<int>(pos.rows.size()), stack});
    ++col;
  };
  auto onSide = [&](auto& ctx) { pos.sideToMove = static_cast<char>(std::tolower(x3::_attr(ctx))); };

  auto const letter = x3::char_("QSBGAMLPqsbgamlp");
  auto const mark = -x3::raw[x3::lit(':')][onMark];
  auto const cell =
      x3::eps[beginStack] >> letter[onPiece] >> mark >> *('=' >> letter[onPiece] >> mark) >> x3::eps[endStack];
  auto const row = x3::raw[x3::eps[beginRow] >> +((x3::eps[beginRun] >> x3::uint_[onRun]) | cell)][endRow];
  auto const side = x3::lit(' ') >> x3::char_("wbWB")[onSide] >> !graph;

  It it = begin;
  x3::parse(it, end, *blank);
  if (it == end) {
    err(it, "empty position string");
    return result;
  }
  if (!x3::parse(it, end, row % '/')) {
    err(it, "expected pieces or a number of empty cells");
    return result;
  }
  if (tooWide) {
    err(tooWide, "a row wider than " + std::to_string(kMaxRowWidth) + " cells: no hive spans that many");
    return result;
  }
  x3::parse(it, end, -side >> *space);
  if (it != end) {
    err(it, "unexpected '" + printable(std::string_view(it, static_cast<std::size_t>(end - it))) + "'");
    return result;
  }

  for (const auto& [at, why] : unevenRows(text, pos.rows, widths)) err(begin + at, why);
  if (twoMarks) err(secondMark, "more than one ':' (last moved piece)");
  result.position = std::move(pos);
  return result;
}

std::string writePositionString(const PositionString& position) {
  std::map<std::pair<int, int>, std::vector<PositionPiece>> board;  // (row, col)
  for (const auto& c : position.cells) {
    if (c.stack.empty()) continue;
    auto& s = board[{c.row, c.col}];
    s.insert(s.end(), c.stack.begin(), c.stack.end());
  }
  std::string out;
  if (!board.empty()) {
    int minCol = board.begin()->first.second, maxCol = minCol;
    for (const auto& [rc, s] : board) {
      minCol = std::min(minCol, rc.second);
      maxCol = std::max(maxCol, rc.second);
    }
    const int minRow = board.begin()->first.first;
    const int maxRow = board.rbegin()->first.first;
    for (int r = minRow; r <= maxRow; ++r) {
      if (r != minRow) out += '/';
      int empty = 0;
      for (int c = minCol; c <= maxCol; ++c) {
        auto found = board.find({r, c});
        if (found == board.end()) {
          ++empty;
          continue;
        }
        if (empty) out += std::to_string(empty);
        empty = 0;
        const auto& stack = found->second;
        for (std::size_t level = 0; level < stack.size(); ++level) {
          if (level) out += '=';
          out += letterOf(stack[level]);
          const auto& m = position.lastMoved;
          if (m && m->row == r && m->col == c && m->level == static_cast<int>(level)) out += ':';
        }
      }
      if (empty) out += std::to_string(empty);
    }
  } else {
    out += '1';  // one empty cell: a text with no row does not read
  }
  if (position.sideToMove) {
    out += ' ';
    out += *position.sideToMove;
  }
  return out;
}

}  // namespace apiary::grammar
