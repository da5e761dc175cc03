#include "ingest/reader.hpp"

#include "notation/notations.hpp"
#include "ingest/sources.hpp"

namespace apiary::ingest {

SourceFormat sourceFormat(const SourceText& source, std::optional<grammar::Format> forced) {
  SourceFormat out{grammar::Format::Unknown, source.error};
  if (out.error.empty() && source.text.find_first_not_of(" \t\r\n") == std::string::npos)
    out.error = "the file is empty";
  if (!out.error.empty()) return out;
  out.format = forced ? *forced : notation::detectNotation(source.text, source.path);
  if (out.format == grammar::Format::Unknown) out.error = "not a Hive game file in any notation apiary reads";
  return out;
}

void readSources(const std::vector<std::string>& paths, std::optional<grammar::Format> format,
                 const std::function<void(SourceGames&&)>& visit) {
  forEachSource(paths, [&](SourceText&& source) {
    const SourceFormat read = sourceFormat(source, format);
    SourceGames out{source.path, read.format, {}, read.error};
    if (read.error.empty()) out.games = notation::readGames(read.format, source.text);
    visit(std::move(out));
  });
}

}  // namespace apiary::ingest
