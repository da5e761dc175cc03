#include "ingest/reader.hpp"

#include "ingest/notations.hpp"
#include "ingest/sources.hpp"

namespace apiary::ingest {

void readSources(const std::vector<std::string>& paths, std::optional<grammar::Format> format,
                 const std::function<void(SourceGames&&)>& visit) {
  forEachSource(paths, [&](SourceText&& source) {
    SourceGames out{source.path, grammar::Format::Unknown, {}, source.error};
    if (out.error.empty() && source.text.find_first_not_of(" \t\r\n") == std::string::npos)
      out.error = "the file is empty";
    if (out.error.empty()) {
      out.format = format.value_or(grammar::detectFormat(source.text, source.path));
      if (out.format == grammar::Format::Unknown)
        out.error = "not a Hive game file in any notation apiary reads";
      else
        out.games = readGames(out.format, source.text);
    }
    visit(std::move(out));
  });
}

std::string describeError(const std::string& path, const GameError& error) {
  std::string out = path + ":" + std::to_string(error.line) + ":" + std::to_string(error.column) + ": ";
  if (error.ply > 0) out += "ply " + std::to_string(error.ply) + ": ";
  return out + error.message;
}

}  // namespace apiary::ingest
