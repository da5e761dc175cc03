// The SVG diagram, read back with libxml2: well-formed XML in the SVG namespace, one
// tile per stack named by its pieces, neighbours one hexagon apart, the last move
// outlined on the right tile, heights in badges, and any text escaped.
#include "query/drawing/svg.hpp"

#include <libxml/parser.h>
#include <libxml/tree.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>
#include <sstream>

#include <catch2/catch.hpp>
#include "positions.hpp"

using namespace apiary;

namespace {

// A parsed document; parsing collects every error and warning libxml2 reports.
class Svg {
 public:
  explicit Svg(const std::string& text) {
    xmlSetStructuredErrorFunc(&errors_, [](void* errors, xmlErrorPtr e) {
      static_cast<std::vector<std::string>*>(errors)->push_back(e && e->message ? e->message : "?");
    });
    doc_.reset(
        xmlReadMemory(text.data(), int(text.size()), "diagram.svg", nullptr, XML_PARSE_NONET | XML_PARSE_PEDANTIC));
    xmlSetStructuredErrorFunc(nullptr, nullptr);
  }
  bool wellFormed() const { return doc_ && errors_.empty(); }
  const std::vector<std::string>& errors() const { return errors_; }
  xmlNode* root() const { return xmlDocGetRootElement(doc_.get()); }

  // Every element with this name (and class, when given), in document order.
  std::vector<xmlNode*> all(const char* name, const char* cls = nullptr) const {
    std::vector<xmlNode*> out;
    collect(root(), name, cls, out);
    return out;
  }

 private:
  static void collect(xmlNode* node, const char* name, const char* cls, std::vector<xmlNode*>& out) {
    for (; node; node = node->next) {
      if (node->type == XML_ELEMENT_NODE && std::string(reinterpret_cast<const char*>(node->name)) == name &&
          (!cls || attr(node, "class") == cls))
        out.push_back(node);
      collect(node->children, name, cls, out);
    }
  }
  struct Free {
    void operator()(xmlDoc* d) const { xmlFreeDoc(d); }
  };
  std::unique_ptr<xmlDoc, Free> doc_;
  std::vector<std::string> errors_;

 public:
  static std::string attr(xmlNode* node, const char* name) {
    xmlChar* value = xmlGetProp(node, reinterpret_cast<const xmlChar*>(name));
    std::string out = value ? reinterpret_cast<const char*>(value) : "";
    xmlFree(value);
    return out;
  }
  static std::string text(xmlNode* node) {
    xmlChar* value = xmlNodeGetContent(node);
    std::string out = value ? reinterpret_cast<const char*>(value) : "";
    xmlFree(value);
    return out;
  }
};

// The first child element with this name.
xmlNode* child(xmlNode* parent, const char* name) {
  for (xmlNode* n = parent->children; n; n = n->next)
    if (n->type == XML_ELEMENT_NODE && std::string(reinterpret_cast<const char*>(n->name)) == name) return n;
  return nullptr;
}

struct Point {
  double x, y;
};

// The centre of a polygon's corners.
Point centreOf(xmlNode* polygon) {
  std::istringstream in(Svg::attr(polygon, "points"));
  Point sum{0, 0};
  int n = 0;
  for (std::string pair; in >> pair; ++n) {
    const auto comma = pair.find(',');
    sum.x += std::stod(pair.substr(0, comma));
    sum.y += std::stod(pair.substr(comma + 1));
  }
  REQUIRE(n == 6);
  return {sum.x / n, sum.y / n};
}

double distance(Point a, Point b) { return std::hypot(a.x - b.x, a.y - b.y); }

// The tile whose <title> (its pieces, top first) is `title`.
xmlNode* tileNamed(const Svg& svg, const std::string& title) {
  for (xmlNode* g : svg.all("g"))
    if (Svg::attr(g, "class").rfind("stack ", 0) == 0 && Svg::text(child(g, "title")) == title) return g;
  FAIL("no tile " << title);
  return nullptr;
}

}  // namespace

TEST_CASE("every diagram is well-formed SVG with one named tile per stack", "[svg]") {
  for (const auto& p : test::diagramPositions()) {
    INFO(p.name);
    const query::Diagram d = query::diagramOf(test::boardOf(p));
    const Svg svg(query::drawSvg(d, {.caption = {"apiary", query::statusText(d)}}));
    INFO((svg.errors().empty() ? "" : svg.errors().front()));
    REQUIRE(svg.wellFormed());
    REQUIRE(std::string(reinterpret_cast<const char*>(svg.root()->name)) == "svg");
    REQUIRE(svg.root()->ns);
    CHECK(std::string(reinterpret_cast<const char*>(svg.root()->ns->href)) == "http://www.w3.org/2000/svg");
    CHECK(std::stod(Svg::attr(svg.root(), "width")) > 0);

    std::multiset<std::string> expected, drawn;
    for (const auto& s : d.stacks) expected.insert(s.name());
    for (xmlNode* g : svg.all("g"))
      if (Svg::attr(g, "class").rfind("stack ", 0) == 0) drawn.insert(Svg::text(child(g, "title")));
    CHECK(drawn == expected);
    CHECK(svg.all("polygon", "last-to").size() == (d.lastTo ? 1u : 0u));
    CHECK(svg.all("polygon", "last-from").size() == (d.lastFrom ? 1u : 0u));

    std::multiset<std::string> heights, badges;
    for (const auto& s : d.stacks)
      if (s.height() > 1) heights.insert(std::to_string(s.height()));
    for (xmlNode* g : svg.all("g", "height")) badges.insert(Svg::text(g));
    CHECK(badges == heights);
  }
}

TEST_CASE("tiles stand one hexagon apart and the last move is outlined on its tile", "[svg]") {
  const double size = 32;
  const auto& positions = test::diagramPositions();
  const auto& throwGame =
      *std::find_if(positions.begin(), positions.end(), [](auto& p) { return p.name == "pillbug-throw"; });
  const query::Diagram d = query::diagramOf(test::boardOf(throwGame));
  const Svg svg(query::drawSvg(d, {.caption = {}, .hexSize = size}));
  REQUIRE(svg.wellFormed());

  // Every pair of stacks that are neighbours on the board are sqrt(3) sizes apart.
  int pairs = 0;
  for (const auto& a : d.stacks)
    for (const auto& b : d.stacks) {
      const Axial delta = b.at - a.at;
      bool adjacent = false;
      for (int dir = 0; dir < kDirs; ++dir) adjacent |= delta == Axial{kDq[dir], kDr[dir]};
      if (!adjacent) continue;
      const Point pa = centreOf(child(tileNamed(svg, a.name()), "polygon"));
      const Point pb = centreOf(child(tileNamed(svg, b.name()), "polygon"));
      CHECK(distance(pa, pb) == Approx(size * std::sqrt(3.0)).margin(0.2));
      ++pairs;
    }
  CHECK(pairs > 20);

  // The thrown Pillbug's tile carries the outline; the dashed one is a hexagon away.
  const auto to = svg.all("polygon", "last-to"), from = svg.all("polygon", "last-from");
  REQUIRE(to.size() == 1);
  REQUIRE(from.size() == 1);
  const Point pillbug = centreOf(child(tileNamed(svg, "wP"), "polygon"));
  CHECK(distance(centreOf(to[0]), pillbug) < 0.2);
  CHECK(distance(centreOf(from[0]), pillbug) == Approx(size * std::sqrt(3.0)).margin(0.2));
  CHECK_FALSE(Svg::attr(from[0], "stroke-dasharray").empty());

  // The Beetle on the White Queen shows its letter, what it covers, and its height.
  xmlNode* beetle = tileNamed(svg, "wB1 on wQ");
  CHECK(Svg::text(beetle).find('B') != std::string::npos);
  CHECK(Svg::text(beetle).find("wQ") != std::string::npos);
}

TEST_CASE("captions and titles are escaped, whatever bytes they hold", "[svg]") {
  const query::Diagram d = query::diagramOf(test::boardOf(test::diagramPositions()[2]));
  const std::string hostile = "<script>alert(\"x\")</script> & 'Zo\xC3\xAB' \x01 \xFF ]]> 🐝";
  const Svg svg(query::drawSvg(d, {.caption = {hostile, "second line"}}));
  INFO((svg.errors().empty() ? "" : svg.errors().front()));
  REQUIRE(svg.wellFormed());
  const auto captions = svg.all("text", "caption");
  REQUIRE(captions.size() == 2);
  const std::string kept = "<script>alert(\"x\")</script> & 'Zo\xC3\xAB' \xEF\xBF\xBD \xEF\xBF\xBD ]]> 🐝";
  CHECK(Svg::text(captions[0]) == kept);
  CHECK(Svg::text(captions[1]) == "second line");
  CHECK(Svg::text(child(svg.root(), "title")) == kept + "; second line");
  CHECK(svg.all("script").empty());
}

TEST_CASE("escapeXml writes entities and replaces what XML cannot hold", "[svg]") {
  const std::string replacement = "\xEF\xBF\xBD";
  CHECK(query::escapeXml("a&b<c>d\"e'f") == "a&amp;b&lt;c&gt;d&quot;e&apos;f");
  CHECK(query::escapeXml("tab\tline\nend\r") == "tab\tline\nend\r");
  CHECK(query::escapeXml("bell\x07") == "bell" + replacement);
  CHECK(query::escapeXml("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x90\x9D") == "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x90\x9D");
  CHECK(query::escapeXml("\xC0\xAF") == replacement + replacement);                    // overlong '/'
  CHECK(query::escapeXml("\xED\xA0\x80") == replacement + replacement + replacement);  // a surrogate
  CHECK(query::escapeXml("\xEF\xBF\xBE") == replacement + replacement + replacement);  // U+FFFE
  CHECK(query::escapeXml("x\xE2\x82") == "x" + replacement + replacement);             // cut short
  CHECK(query::escapeXml("\xF4\x90\x80\x80").find("\xF4") == std::string::npos);       // past U+10FFFF
}
