// A diagram (diagram.hpp) as a standalone SVG file: pointy-top hexagons at the
// stacks' true coordinates, ivory tiles for White and charcoal for Black, each bug's
// letter in its own colour, a badge with the height on stacks, the last move's piece
// outlined and the cell it left dashed. Every stack carries a <title> naming its
// pieces top first, which viewers show as a tooltip.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "query/drawing/diagram.hpp"

namespace apiary::query {

struct SvgOptions {
  std::vector<std::string> caption;  // lines under the board (players, ply); any text
  double hexSize = 32;               // centre to corner, in pixels
};

std::string drawSvg(const Diagram& diagram, const SvgOptions& options = {});

// Text and attribute values for XML: & < > " ' as entities, and the characters XML
// 1.0 cannot hold (control characters, broken UTF-8) as U+FFFD.
std::string escapeXml(std::string_view text);

}  // namespace apiary::query
