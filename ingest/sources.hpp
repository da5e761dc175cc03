// Where game text comes from: files, directories (recursively), .zip archives as
// BoardSpace publishes them (one zip of .sgf files per day), and stdin ("-").
#pragma once
#include <functional>
#include <string>
#include <vector>

namespace apiary::ingest {

struct SourceText {
  std::string path;   // file path, "archive.zip:member.sgf", or "-"
  std::string text;   // UTF-8 (a byte-order mark removed)
  std::string error;  // set when the text is unusable (unreadable, binary, UTF-16)
};

// Calls visit once per file found, in a stable (sorted) order.
void forEachSource(const std::vector<std::string>& paths,
                   const std::function<void(SourceText&&)>& visit);

// Checks and normalises raw bytes read from a file: strips a UTF-8 BOM and
// rejects binary data and UTF-16 with a clear reason.
SourceText checkedText(std::string path, std::string bytes);

}  // namespace apiary::ingest
