// Text from files as the database stores it: UTF-8. Old BoardSpace archives and
// hand-edited PGN files hold Latin-1 or Windows-1252 bytes ("Jos\xe9"); such text is
// decoded as Windows-1252 (a superset of Latin-1's printable characters) so that
// every stored tag is valid UTF-8 and every answer that holds it can be printed.
#pragma once
#include <string>
#include <string_view>

namespace apiary::ingest {

bool isValidUtf8(std::string_view text);
// The text itself when it is valid UTF-8, else its bytes read as Windows-1252.
std::string asUtf8(std::string text);

}  // namespace apiary::ingest
