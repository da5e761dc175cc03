#include "ingest/chunks.hpp"

#include <cctype>
#include <cstring>
#include <memory>
#include <span>
#include <string_view>
#include <utility>

#include "ingest/caps.hpp"
#include "notation/notations.hpp"

namespace apiary::ingest {

namespace {

std::string kib(std::size_t bytes) { return std::to_string(bytes / 1024) + " KiB"; }

bool isBlank(std::string_view line) { return line.find_first_not_of(" \t\r\n") == std::string_view::npos; }

bool isNameByte(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == ' ' || c == '_' || c == '-'; }

// Where a line's text starts after spaces and tabs (its size when it has none). A
// plain loop: the lines are short, and find_first_not_of called memchr per byte.
std::size_t textStart(std::string_view line) {
  std::size_t at = 0;
  while (at < line.size() && (line[at] == ' ' || line[at] == '\t')) ++at;
  return at;
}

// A tag: `[Name "value"]` (PGN-style files) or `Name: value` (direction files);
// `start` is textStart(line).
bool isTagLine(std::string_view line, std::size_t start) {
  if (start == line.size()) return false;
  if (line[start] == '[') return true;
  const auto first = static_cast<unsigned char>(line[start]);
  if ((first >= '0' && first <= '9') || !std::isalpha(first)) return false;  // moves start with numbers
  std::size_t at = start + 1;
  while (at < line.size() && isNameByte(line[at])) ++at;
  return at < line.size() && line[at] == ':';
}

// `Base`, `Base+MLP`, ... then `;`: a UHP GameString, a whole game on its line.
bool isGameStringLine(std::string_view line) {
  if (line.substr(0, 4) != "Base") return false;
  std::size_t at = 4;
  while (at < line.size() && std::strchr("+MLP", line[at]) && line[at]) ++at;
  return at < line.size() && line[at] == ';';
}

// One source cut into chunks; see chunks.hpp.
class Chunker {
 public:
  // `block`: where bytes are read to, one for every source (sizing it a file cost
  // more than reading a small file).
  Chunker(Source& source, const ChunkOptions& options, const std::function<void(SourceChunk&&)>& visit,
          std::span<char> block)
      : source_(source),
        options_(options),
        visit_(visit),
        block_(block),
        chunkBytes_(options.chunkBytes ? options.chunkBytes : caps::kChunkBytes) {}

  void run() {
    if (!source_.stream) {
      const bool skip = source_.error.empty();
      emit(skip ? SourceChunk::Kind::NotGames : SourceChunk::Kind::UnusableFile,
           skip ? source_.skipReason : source_.error);
      return finish();
    }
    for (bool first = true; !stop_; first = false) {
      const std::ptrdiff_t got = source_.stream->read(block_.data(), block_.size());
      if (got < 0) return readFailed();
      if (got == 0) break;
      std::string_view bytes(block_.data(), std::size_t(got));
      if (first && !openingBytes(bytes)) return finish();
      feed(bytes);
    }
    if (!stop_) {
      if (!line_.empty()) endLine(line_);
      endGame();
    }
    if (!stop_) {
      if (emitted_) flushText();
      else emitText();  // the file's only chunk, whatever it holds: the reader says what
    }
    finish();
  }

 private:
  struct Refusal {
    grammar::SourcePos pos;
    std::string reason;
  };

  // The games read whole are kept, the one the failure cut is dropped.
  void readFailed() {
    text_.resize(gameStart_);
    if (!refusal_) flushText();
    else endGame();
    if (!stop_) emit(SourceChunk::Kind::UnusableFile, source_.stream->error());
    finish();
  }

  // A byte-order mark is dropped; UTF-16 is refused. False when nothing more is read.
  bool openingBytes(std::string_view& bytes) {
    if (bytes.substr(0, 2) == "\xFF\xFE" || bytes.substr(0, 2) == "\xFE\xFF") {
      emit(SourceChunk::Kind::UnusableFile, "the file is UTF-16 encoded; apiary reads UTF-8 (or ASCII) text");
      return false;
    }
    if (bytes.substr(0, 3) == "\xEF\xBB\xBF") bytes.remove_prefix(3);
    return true;
  }

  void feed(std::string_view bytes) {
    if (head_.size() < caps::kDetectBytes) head_.append(bytes.substr(0, caps::kDetectBytes - head_.size()));
    // One search a block instead of one a line: until a NUL byte is read, no line
    // holds one.
    nulRead_ = nulRead_ || std::memchr(bytes.data(), '\0', bytes.size());
    while (!bytes.empty() && !stop_) {
      const std::size_t newline = bytes.find('\n');
      const std::size_t take = newline == std::string_view::npos ? bytes.size() : newline + 1;
      const std::string_view part = bytes.substr(0, take);
      bytes.remove_prefix(take);
      if (refusal_ && (skipped_ += take) > caps::kSkipBytes) return giveUp();
      lineLength_ += take;
      if (lineLength_ > caps::kLineBytes) {
        if (!refusal_)
          refuse({lineNo_, 1}, "line " + std::to_string(lineNo_) + " is longer than " + kib(caps::kLineBytes) +
                                   ", the cap on a line");
      } else if (newline != std::string_view::npos && line_.empty()) {
        endLine(part);  // the whole line is in this block: no copy
        continue;
      } else {
        line_.append(part);
      }
      if (newline != std::string_view::npos) endLine(line_);
    }
  }

  void endLine(std::string_view line) {
    const std::size_t start = textStart(line);
    const bool tag = isTagLine(line, start);
    const bool startsGame = (tag && !previousWasTag_) || isGameStringLine(line);
    if (startsGame && (refusal_ || text_.size() > gameStart_)) endGame();
    if (!stop_ && !refusal_ && lineLength_ <= caps::kLineBytes) keepLine(line);
    // Blank lines and comments aside (a line of text rarely starts with an end of line).
    const bool blank =
        start == line.size() || ((line[start] == '\r' || line[start] == '\n') && isBlank(line.substr(start)));
    if (!blank && line[start] != '{') previousWasTag_ = tag;
    ++lineNo_;
    lineLength_ = 0;
    line_.clear();
  }

  void keepLine(std::string_view line) {
    if (const void* nul = nulRead_ ? std::memchr(line.data(), '\0', line.size()) : nullptr) {
      const int column = int(static_cast<const char*>(nul) - line.data()) + 1;
      // In the first game: a binary file (a resource fork, an image), not a damaged game file.
      if (!emitted_ && text_.empty()) {
        emit(SourceChunk::Kind::NotGames, "binary data (a NUL byte at line " + std::to_string(lineNo_) + ", column " +
                                              std::to_string(column) + "), not a Hive game file");
        stop_ = true;
        return;
      }
      return refuse({lineNo_, column}, "a NUL byte: binary data inside the game");
    }
    if (text_.size() == gameStart_) gameLine_ = lineNo_;
    if (text_.empty()) textLine_ = lineNo_;
    text_.append(line);
    if (text_.size() - gameStart_ > caps::kGameBytes)
      refuse({gameLine_, 1}, "the game's text is longer than " + kib(caps::kGameBytes) + ", the cap on a game");
  }

  // The game in progress is dropped; the lines up to the next game are skipped.
  void refuse(grammar::SourcePos pos, std::string reason) {
    refusal_ = Refusal{pos, std::move(reason)};
    text_.resize(gameStart_);
    skipped_ = 0;
  }

  void giveUp() {
    refusal_->reason += "; no game starts in the next " + std::to_string(caps::kSkipBytes >> 20) +
                        " MiB, so the rest of the file is not read";
    endGame();
    stop_ = true;
  }

  // The game in progress is complete: kept, or handed on as refused.
  void endGame() {
    if (refusal_) {
      flushText();
      if (stop_) return;
      SourceChunk refused = chunk(SourceChunk::Kind::RefusedGame, std::move(refusal_->reason));
      refused.pos = refusal_->pos;
      refusal_.reset();
      push(std::move(refused));
    } else if (text_.size() >= chunkBytes_) {
      flushText();
    }
    gameStart_ = text_.size();
  }

  // Hands on the whole games held, if they hold anything; the file's notation is
  // decided first, once, since it is now read in several chunks.
  void flushText() {
    if (!decided_) decideNotation();
    // A file no notation reads is refused once, whole: nothing of it goes on. A
    // file of position strings (detected, or named by the user) is refused whole
    // by its reader: its first text says so, the rest is not handed on again.
    const bool refusedWhole = notation_ && notation_->positions && textEmitted_;
    if (notation_ && !isBlank(text_) && !refusedWhole) emitText();
    text_.clear();
    gameStart_ = 0;
  }

  void emitText() {
    textEmitted_ = true;
    SourceChunk games = chunk(SourceChunk::Kind::Games, {});
    const bool full = text_.size() >= chunkBytes_;
    games.text = std::move(text_);
    games.firstLine = textLine_;
    games.notation = notation_ ? notation_ : options_.notation;
    push(std::move(games));
    text_ = {};
    // A big file's next chunk will be as big: grown by doubling, each chunk was
    // copied about twice over. Small files keep growing from nothing.
    if (full) text_.reserve(chunkBytes_ + chunkBytes_ / 4);
  }

  bool decideNotation() {
    decided_ = true;
    if (options_.notation) return notation_ = options_.notation, true;
    std::string_view head(head_);
    if (head.size() >= caps::kDetectBytes) head = head.substr(0, head.rfind('\n') + 1);
    if ((notation_ = notation::detectNotation(head, source_.path, options_.notations))) return true;
    const bool binary = head_.find('\0') != std::string::npos;
    emit(SourceChunk::Kind::NotGames,
         binary ? "binary data, not a Hive game file" : "not a Hive game file in any notation apiary reads");
    stop_ = true;
    return false;
  }

  SourceChunk chunk(SourceChunk::Kind kind, std::string reason) const {
    SourceChunk out;
    out.kind = kind;
    out.path = source_.path;
    out.named = source_.named;
    out.reason = std::move(reason);
    out.notation = notation_;
    return out;
  }
  void emit(SourceChunk::Kind kind, std::string reason) { push(chunk(kind, std::move(reason))); }

  // Holds one chunk back, so that the file's last can be marked as such.
  void push(SourceChunk&& next) {
    next.firstOfFile = !emitted_;
    emitted_ = true;
    if (holding_) visit_(std::move(held_));
    held_ = std::move(next);
    holding_ = true;
  }
  void finish() {
    if (!holding_) return;
    held_.lastOfFile = true;
    visit_(std::move(held_));
    holding_ = false;
  }

  Source& source_;
  const ChunkOptions& options_;
  const std::function<void(SourceChunk&&)>& visit_;
  std::span<char> block_;
  const std::size_t chunkBytes_;
  std::string head_;  // the file's first bytes, for notation detection
  std::string line_;  // a line cut by the end of a block
  std::size_t lineLength_ = 0;
  int lineNo_ = 1;
  std::string text_;  // whole games, then the game in progress from gameStart_
  std::size_t gameStart_ = 0;
  int gameLine_ = 1, textLine_ = 1;
  std::optional<Refusal> refusal_;  // the game in progress is refused
  std::size_t skipped_ = 0;
  bool previousWasTag_ = false;
  bool nulRead_ = false;  // some block held a NUL byte
  bool decided_ = false, emitted_ = false, stop_ = false;
  bool textEmitted_ = false;  // some of the file's text was handed on
  const notation::Notation* notation_ = nullptr;
  SourceChunk held_;
  bool holding_ = false;
};

}  // namespace

namespace {

// Left unfilled: a small file touches a page or two of it, not all 64.
constexpr std::size_t kBlockBytes = 256 * 1024;

}  // namespace

void forEachChunk(const std::vector<std::string>& paths, const ChunkOptions& options,
                  const std::function<void(SourceChunk&&)>& visit) {
  const std::unique_ptr<char[]> block(new char[kBlockBytes]);
  forEachSource(paths, options.sources, [&](Source&& source) {
    Chunker(source, options, visit, {block.get(), kBlockBytes}).run();
  });
}

void forEachChunk(const NextPath& next, const ChunkOptions& options, const std::function<void(SourceChunk&&)>& visit) {
  const std::unique_ptr<char[]> block(new char[kBlockBytes]);
  forEachSource(
      next, options.sources,
      [&](Source&& source) {
        Chunker(source, options, visit, {block.get(), kBlockBytes}).run();
      },
      [&](const std::string& path) {
        SourceChunk end;
        end.kind = SourceChunk::Kind::EndOfPath;
        end.path = path;
        visit(std::move(end));
      });
}

}  // namespace apiary::ingest
