#include "ingest/reader.hpp"

#include "ingest/notations.hpp"
#include "ingest/sources.hpp"

namespace apiary::ingest {

// A file's notation, from its first 256 KiB (whole lines) when it is longer: the
// vote over every token costs about as much as parsing the games, and a notation
// shows long before the end of a big file. Only when the start decides nothing is
// the whole text asked.
grammar::Format detectNotation(std::string_view text, std::string_view path) {
  constexpr std::size_t kHead = 256 * 1024;
  if (text.size() > kHead) {
    if (const auto cut = text.rfind('\n', kHead); cut != std::string_view::npos) {
      const grammar::Format format = grammar::detectFormat(text.substr(0, cut + 1), path);
      if (format != grammar::Format::Unknown) return format;
    }
  }
  return grammar::detectFormat(text, path);
}

SourceFormat sourceFormat(const SourceText& source, std::optional<grammar::Format> forced) {
  SourceFormat out{grammar::Format::Unknown, source.error};
  if (out.error.empty() && source.text.find_first_not_of(" \t\r\n") == std::string::npos)
    out.error = "the file is empty";
  if (!out.error.empty()) return out;
  out.format = forced ? *forced : detectNotation(source.text, source.path);
  if (out.format == grammar::Format::Unknown) out.error = "not a Hive game file in any notation apiary reads";
  return out;
}

void readSources(const std::vector<std::string>& paths, std::optional<grammar::Format> format,
                 const std::function<void(SourceGames&&)>& visit) {
  forEachSource(paths, [&](SourceText&& source) {
    const SourceFormat read = sourceFormat(source, format);
    SourceGames out{source.path, read.format, {}, read.error};
    if (read.error.empty()) out.games = readGames(read.format, source.text);
    visit(std::move(out));
  });
}

std::string describeError(const std::string& path, const GameError& error) {
  std::string out = path + ":" + std::to_string(error.line) + ":" + std::to_string(error.column) + ": ";
  if (error.ply > 0) out += "ply " + std::to_string(error.ply) + ": ";
  return out + error.message;
}

}  // namespace apiary::ingest
