#include "query/drawing/svg.hpp"

#include <algorithm>
#include <array>
#include <cstdio>

namespace apiary::query {

std::string escapeXml(std::string_view text) {
  constexpr std::string_view kReplacement = "\xEF\xBF\xBD";
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&apos;"; break;
        default:
          out += (c < 0x20 && c != '\t' && c != '\n' && c != '\r') ? kReplacement : std::string_view(&text[i], 1);
      }
      ++i;
      continue;
    }
    // A multi-byte UTF-8 sequence is copied only when it is well formed and names a
    // character XML allows: no overlong forms, surrogates, U+FFFE/U+FFFF or > U+10FFFF.
    const int length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 0;
    char32_t code = length == 4 ? c & 0x07 : length == 3 ? c & 0x0F : c & 0x1F;
    bool valid = length > 0 && i + length <= text.size();
    for (int k = 1; valid && k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      valid = (next & 0xC0) == 0x80;
      code = code << 6 | (next & 0x3F);
    }
    constexpr std::array<char32_t, 5> kSmallest = {0, 0, 0x80, 0x800, 0x10000};
    valid = valid && code >= kSmallest[length] && code <= 0x10FFFF && !(code >= 0xD800 && code <= 0xDFFF) &&
            code != 0xFFFE && code != 0xFFFF;
    if (valid) out += text.substr(i, length);
    else out += kReplacement;
    i += valid ? length : 1;
  }
  return out;
}

namespace {

constexpr double kSqrt3 = 1.7320508075688772;

struct Point {
  double x = 0, y = 0;
};

// One decimal is finer than a pixel and keeps the file (and its tests) stable.
std::string num(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", v);
  std::string s = buffer;
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
  return s == "-0" ? "0" : s;
}

Point centreOf(Axial a, double size) { return {size * kSqrt3 * (a.q + a.r / 2.0), size * 1.5 * a.r}; }

// Pointy-top corners, clockwise from the top.
std::string hexPoints(Point c, double size) {
  constexpr std::array<Point, 6> kCorners = {
      {{0, -1}, {kSqrt3 / 2, -0.5}, {kSqrt3 / 2, 0.5}, {0, 1}, {-kSqrt3 / 2, 0.5}, {-kSqrt3 / 2, -0.5}}};
  std::string out;
  for (const Point& k : kCorners) {
    if (!out.empty()) out += ' ';
    out += num(c.x + k.x * size) + "," + num(c.y + k.y * size);
  }
  return out;
}

// Like the real pieces, each bug has its colour. Every tone is at least 3:1 against
// both tiles (the contrast large bold text needs), so one palette serves both sides.
constexpr std::array<const char*, kBugs> kBugColors = {
    "#b07f00",  // Queen: gold
    "#b5651d",  // Spider: brown
    "#a65ccc",  // Beetle: purple
    "#2e9e48",  // Grasshopper: green
    "#2a7fd4",  // Ant: blue
    "#8a8a8a",  // Mosquito: grey
    "#e03a3a",  // Ladybug: red
    "#139090",  // Pillbug: teal
};
constexpr const char* kWhiteTile = "#f5f0e1";
constexpr const char* kBlackTile = "#2b2b2b";
constexpr const char* kMarkColor = "#ff7f00";
constexpr const char* kInk = "#222222";

// One element: attributes are escaped here, so no caller quotes anything itself.
class Element {
 public:
  explicit Element(std::string_view name) : name_(name), open_("<" + name_) {}
  Element& attr(std::string_view key, std::string_view value) {
    open_ += " " + std::string(key) + "=\"" + escapeXml(value) + "\"";
    return *this;
  }
  Element& attr(std::string_view key, double value) { return attr(key, num(value)); }
  std::string empty() const { return open_ + "/>"; }
  std::string text(std::string_view content) const { return withChildren(escapeXml(content)); }
  std::string withChildren(std::string_view markup) const {
    return open_ + ">" + std::string(markup) + "</" + name_ + ">";
  }

 private:
  std::string name_, open_;
};

// Text whose middle (not its baseline) is at y: SVG has no portable way to say so,
// and capitals stand about 0.7 em above the baseline. Centred on x, or from x.
Element textAt(Point at, double fontSize, const char* fill, const char* anchor = "middle") {
  Element e("text");
  e.attr("x", at.x).attr("y", at.y + fontSize * 0.36).attr("font-size", fontSize);
  e.attr("text-anchor", anchor).attr("fill", fill);
  return e;
}

std::string drawTile(const DiagramStack& s, double size, Point c) {
  const bool white = colorOf(s.top()) == Color::White;
  const Bug bug = bugOf(s.top());
  std::string inner = Element("title").text(s.name());
  inner += Element("polygon")
               .attr("points", hexPoints(c, size * 0.96))
               .attr("fill", white ? kWhiteTile : kBlackTile)
               .attr("stroke", kInk)
               .attr("stroke-width", 1.5)
               .empty();
  inner += textAt(c, size * 0.8, kBugColors[int(bug)])
               .attr("class", "bug")
               .attr("font-weight", "bold")
               .text(std::string(1, kBugLetters[int(bug)]));
  if (s.height() > 1) {
    // What the top piece covers, top first, small along the bottom of the tile.
    std::string covered;
    for (auto p = s.pieces.rbegin() + 1; p != s.pieces.rend(); ++p)
      covered += std::string(covered.empty() ? "" : " ") + (colorOf(*p) == Color::White ? 'w' : 'b') +
                 kBugLetters[int(bugOf(*p))];
    inner +=
        textAt({c.x, c.y + size * 0.58}, size * 0.3, white ? kInk : kWhiteTile).attr("class", "covered").text(covered);
  }
  return Element("g").attr("class", white ? "stack white" : "stack black").withChildren(inner);
}

// The height in a badge on the tile's upper right corner. Badges are drawn after
// everything else, so neither a neighbour nor the last move's outline hides them.
std::string drawHeight(const DiagramStack& s, double size, Point c) {
  const Point badge{c.x + size * 0.55, c.y - size * 0.5};
  const std::string circle = Element("circle")
                                 .attr("cx", badge.x)
                                 .attr("cy", badge.y)
                                 .attr("r", size * 0.27)
                                 .attr("fill", "#ffffff")
                                 .attr("stroke", kInk)
                                 .attr("stroke-width", 1.2)
                                 .empty();
  const std::string number =
      textAt(badge, size * 0.36, kInk).attr("font-weight", "bold").text(std::to_string(s.height()));
  return Element("g").attr("class", "height").withChildren(circle + number);
}

std::string markCell(const char* cls, Point c, double size, bool dashed) {
  Element e("polygon");
  e.attr("class", cls).attr("points", hexPoints(c, size * 0.9)).attr("fill", "none");
  e.attr("stroke", kMarkColor).attr("stroke-width", size * 0.12);
  if (dashed) e.attr("stroke-dasharray", num(size * 0.2) + " " + num(size * 0.14));
  return e.empty();
}

}  // namespace

std::string drawSvg(const Diagram& d, const SvgOptions& options) {
  const double size = options.hexSize;
  const double margin = size * 0.5;
  // The board's extent: every stack and the last move's origin.
  std::vector<Point> centres;
  for (const auto& s : d.stacks) centres.push_back(centreOf(s.at, size));
  if (d.lastFrom) centres.push_back(centreOf(*d.lastFrom, size));
  double minX = 0, maxX = 0, minY = 0, maxY = 0;
  if (!centres.empty()) {
    minX = maxX = centres[0].x, minY = maxY = centres[0].y;
    for (const Point& p : centres)
      minX = std::min(minX, p.x), maxX = std::max(maxX, p.x), minY = std::min(minY, p.y), maxY = std::max(maxY, p.y);
  }
  const double halfWidth = size * kSqrt3 / 2;
  // Board coordinates shift so the leftmost and topmost hexagons touch the margin.
  const Point shift{margin + halfWidth - minX, margin + size - minY};
  const auto at = [&](Axial a) {
    const Point c = centreOf(a, size);
    return Point{c.x + shift.x, c.y + shift.y};
  };
  const double boardWidth = centres.empty() ? 0 : maxX - minX + 2 * halfWidth;
  const double boardHeight = centres.empty() ? 0 : maxY - minY + 2 * size;

  const double captionSize = 14, lineHeight = 19;
  std::size_t longest = 0;
  for (const auto& line : options.caption) longest = std::max(longest, line.size());
  // No text metrics here: an average glyph is about 0.6 em wide.
  const double width = std::max({boardWidth, double(longest) * captionSize * 0.6, 4 * size}) + 2 * margin;
  const double captionTop = margin + boardHeight + (options.caption.empty() ? 0 : margin);
  const double height = captionTop + double(options.caption.size()) * lineHeight + margin;

  std::string title;
  for (const auto& line : options.caption) title += (title.empty() ? "" : "; ") + line;
  std::string body = Element("title").text(title.empty() ? statusText(d) : title) + "\n";
  body += Element("rect")
              .attr("class", "background")
              .attr("width", width)
              .attr("height", height)
              .attr("fill", "#fbfaf7")
              .empty() +
          "\n";
  std::string board = "\n";
  for (const auto& s : d.stacks) board += drawTile(s, size, at(s.at)) + "\n";
  // The marks go after the tiles so no neighbour covers them.
  if (d.lastFrom) board += markCell("last-from", at(*d.lastFrom), size, true) + "\n";
  if (d.lastTo) board += markCell("last-to", at(*d.lastTo), size, false) + "\n";
  for (const auto& s : d.stacks)
    if (s.height() > 1) board += drawHeight(s, size, at(s.at)) + "\n";
  body += Element("g").attr("class", "board").withChildren(board) + "\n";
  for (std::size_t i = 0; i < options.caption.size(); ++i)
    body += textAt({margin, captionTop + (double(i) + 0.5) * lineHeight}, captionSize, kInk, "start")
                .attr("class", "caption")
                .text(options.caption[i]) +
            "\n";
  Element svg("svg");
  svg.attr("xmlns", "http://www.w3.org/2000/svg").attr("version", "1.1").attr("width", width).attr("height", height);
  svg.attr("viewBox", "0 0 " + num(width) + " " + num(height));
  svg.attr("font-family", "DejaVu Sans, Verdana, Arial, sans-serif");
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg.withChildren("\n" + body) + "\n";
}

}  // namespace apiary::query
