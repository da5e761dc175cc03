// The one record of a refusal, from the syntax error that finds it to the
// catalogue that keeps it and the report that prints it: a game (or a whole file)
// apiary does not take, where, and why. Each layer fills what it knows: grammar/
// the place and the reason, notation/ the ply, ingest/ the file, the game's place
// in it and the notation it was read in. Plain data with no dependency, so that
// every layer, the index's catalogue included, holds the same record.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace apiary::grammar {

struct Rejection {
  std::string file;          // the file, or "archive.zip/member"; empty until ingest knows it
  int64_t index = 0;         // the game's place in its file, from 0; -1: the file as a whole
  std::string notation;      // the notation's name it was read in; empty when none was
  int line = 0, column = 0;  // 1-based (the column counts bytes); 0: the whole game
  int ply = 0;               // 1-based ply of the refused move; 0: the whole game
  std::string message;       // why
};

// A refusal at a place of a text: what grammar/ and notation/ know of it.
inline Rejection rejectionAt(int line, int column, int ply, std::string message) {
  return {{}, 0, {}, line, column, ply, std::move(message)};
}

// A refusal that knows only why (its caller says where).
inline Rejection because(std::string message) { return rejectionAt(0, 0, 0, std::move(message)); }

// A value, or the refusal that says why there is none: what every reader of one
// move, one game, one position or one pattern returns, and the notation a file is
// read in (the file refused as a whole when none is).
template <class T>
struct OrRejection {
  std::optional<T> value;
  Rejection error;  // meaningful when value is empty
  explicit operator bool() const { return value.has_value(); }
};

}  // namespace apiary::grammar
