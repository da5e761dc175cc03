#include "sync/listing.hpp"

#include <catch2/catch.hpp>

#include <fstream>

#include "mirror_server.hpp"
#include "support.hpp"

namespace fs = std::filesystem;
using apiary::sync::Listing;
using apiary::sync::parseListedDate;
using apiary::sync::parseListedSize;
using apiary::sync::parseListing;

namespace {

const std::string kPage = "https://www.boardspace.net/hive/hivegames/";

// A listing as Apache 2.4 writes boardspace's (a table), trimmed to a few rows.
const char* const kBoardspaceLike = R"(<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 3.2 Final//EN">
<html>
 <head>
  <title>Index of /hive/hivegames</title>
 </head>
 <body>
<h1>Index of /hive/hivegames</h1>
  <table>
   <tr><th valign="top"><img src="/icons/blank.gif" alt="[ICO]"></th><th><a href="?C=N;O=D">Name</a></th><th><a href="?C=M;O=A">Last modified</a></th><th><a href="?C=S;O=A">Size</a></th><th><a href="?C=D;O=A">Description</a></th></tr>
   <tr><th colspan="5"><hr></th></tr>
<tr><td valign="top"><img src="/icons/back.gif" alt="[PARENTDIR]"></td><td><a href="/hive/">Parent Directory</a></td><td>&nbsp;</td><td align="right">  - </td><td>&nbsp;</td></tr>
<tr><td valign="top"><img src="/icons/folder.gif" alt="[DIR]"></td><td><a href="archive-2006/">archive-2006/</a></td><td align="right">2012-03-05 14:22  </td><td align="right">  - </td><td>&nbsp;</td></tr>
<tr><td valign="top"><img src="/icons/folder.gif" alt="[DIR]"></td><td><a href="games-Nov-3-2026/">games-Nov-3-2026/</a></td><td align="right">2026-11-03 06:01  </td><td align="right">  - </td><td>&nbsp;</td></tr>
<tr><td valign="top"><img src="/icons/unknown.gif" alt="[   ]"></td><td><a href="T%21HV-Jewdoka-Quodlibet-2020-12-08-2330.sgf">T!HV-Jewdoka-Quodlibet-2020-1..&gt;</a></td><td align="right">2026-11-28 23:30  </td><td align="right">2.1K</td><td>&nbsp;</td></tr>
<tr><td valign="top"><img src="/icons/compressed.gif" alt="[   ]"></td><td><a href="old.zip">old.zip</a></td><td align="right">2019-07-07 03:00  </td><td align="right">1.2M</td><td>&nbsp;</td></tr>
<tr><td valign="top"><img src="/icons/text.gif" alt="[TXT]"></td><td><a href="notes.txt">notes.txt</a></td><td align="right">2019-07-07 03:00  </td><td align="right">345 </td><td>A note</td></tr>
<tr><td><a href="https://elsewhere.example/x.sgf">elsewhere</a></td><td>2019-07-07 03:00</td><td>1K</td></tr>
<tr><td><a href="../other/">up and over</a></td><td>2019-07-07 03:00</td><td>-</td></tr>
   <tr><th colspan="5"><hr></th></tr>
</table>
<address>Apache/2.4.41 (Ubuntu) Server at www.boardspace.net Port 443</address>
</body></html>
)";

}  // namespace

TEST_CASE("listing: an Apache table page gives its children, not the parent, sort links or other places") {
  const Listing listing = parseListing(kBoardspaceLike, kPage);
  REQUIRE(listing.ok());
  REQUIRE(listing.entries.size() == 5);
  const auto& folder = listing.entries[0];
  CHECK(folder.name == "archive-2006");
  CHECK(folder.folder);
  CHECK(folder.url == kPage + "archive-2006/");
  CHECK_FALSE(folder.size);
  CHECK(folder.modified == "2012-03-05T14:22");
  const auto& game = listing.entries[2];
  CHECK(game.name == "T!HV-Jewdoka-Quodlibet-2020-12-08-2330.sgf");  // the href's, not the cut text
  CHECK_FALSE(game.folder);
  CHECK(game.url == kPage + "T%21HV-Jewdoka-Quodlibet-2020-12-08-2330.sgf");
  CHECK(game.size == 2150);
  CHECK(game.sizeText == "2.1K");
  CHECK(listing.entries[3].size == 1258291);
  CHECK(listing.entries[4].size == 345);
  CHECK(listing.entries[4].modified == "2019-07-07T03:00");
}

TEST_CASE("listing: the page's URL without its slash still resolves links into the folder") {
  const Listing listing = parseListing(kBoardspaceLike, kPage + "index.html");
  REQUIRE(listing.ok());
  CHECK(listing.entries[1].url == kPage + "games-Nov-3-2026/");
}

TEST_CASE("listing: pages the test server writes, as a table and as <pre>, read back whole") {
  apiary::test::TempDir dir("listing_served");
  fs::create_directories(dir.path / "archive-2019");
  std::ofstream(dir.path / "games-Jul-7a-2019.zip", std::ios::binary) << std::string(5000, 'z');
  std::ofstream(dir.path / "HV-a-b-2019-07-07-1200.sgf") << "(;GM[27])";
  std::ofstream(dir.path / "a name with spaces & more.sgf") << "(;GM[27])";
  for (auto style : {apiary::test::ListingStyle::Table, apiary::test::ListingStyle::Pre}) {
    const std::string page = apiary::test::listingPage(dir.path, "/hive/hivegames/", style);
    const Listing listing = parseListing(page, kPage);
    REQUIRE(listing.ok());
    REQUIRE(listing.entries.size() == 4);
    CHECK(listing.entries[0].name == "HV-a-b-2019-07-07-1200.sgf");
    CHECK(listing.entries[0].size == 9);
    CHECK(listing.entries[1].name == "a name with spaces & more.sgf");
    CHECK(listing.entries[2].name == "archive-2019");
    CHECK(listing.entries[2].folder);
    CHECK(listing.entries[3].name == "games-Jul-7a-2019.zip");
    CHECK(listing.entries[3].sizeText == "4.9K");
    CHECK(listing.entries[3].modified.size() == 16);
  }
}

TEST_CASE("listing: what is not a listing says why") {
  CHECK(parseListing("This is not a listing.\n", kPage).error == "not a listing page: not HTML");
  CHECK(parseListing(std::string("PK\x03\x04\0\0<html>", 12), kPage).error == "not a listing page: not HTML");
  CHECK(parseListing("", kPage).error == "not a listing page: not HTML");
  CHECK(parseListing("<html><body><p>Service unavailable</p></body></html>", kPage).error ==
        "not a listing page: no table or <pre> of links");
  CHECK(parseListing("<html><body><table><tr><td>no links</td></tr></table>", kPage).error ==
        "not a listing page: no table or <pre> of links");
  CHECK_FALSE(parseListing("<html>", "ftp://example.org/").ok());
}

TEST_CASE("listing: a listing holding only its parent is an empty listing, not an error") {
  const Listing listing = parseListing(
      "<html><body><table><tr><td><a href=\"/hive/\">Parent Directory</a></td><td></td><td>-</td></tr></table>",
      kPage + "archive-2030/");
  CHECK(listing.ok());
  CHECK(listing.entries.empty());
}

TEST_CASE("listing: links that would leave the folder or name nonsense are dropped") {
  const Listing listing = parseListing(
      "<html><body><pre>"
      "<a href=\"a%2Fb.sgf\">slash inside</a> 2019-07-07 03:00 1K\n"
      "<a href=\"%2E%2E/\">dots</a> 2019-07-07 03:00 -\n"
      "<a href=\"sub/deeper.sgf\">deeper</a> 2019-07-07 03:00 1K\n"
      "<a href=\"x.sgf?download=1\">query</a> 2019-07-07 03:00 1K\n"
      "<a href=\"%00.sgf\">nul</a> 2019-07-07 03:00 1K\n"
      "<a href=\"ok.sgf\">ok</a> 07-Jul-2019 03:00 12\n"
      "</pre></body></html>",
      kPage);
  REQUIRE(listing.ok());
  REQUIRE(listing.entries.size() == 1);
  CHECK(listing.entries[0].name == "ok.sgf");
  CHECK(listing.entries[0].size == 12);
  CHECK(listing.entries[0].modified == "2019-07-07T03:00");
}

TEST_CASE("listing: sizes as Apache writes them, dates in both of its forms") {
  CHECK(parseListedSize("345") == 345);
  CHECK(parseListedSize(" 12 ") == 12);
  CHECK(parseListedSize("345K") == 353280);
  CHECK(parseListedSize("1.2M") == 1258291);
  CHECK(parseListedSize("1.0G") == 1073741824);
  CHECK(parseListedSize("2k") == 2048);
  CHECK_FALSE(parseListedSize("-"));
  CHECK_FALSE(parseListedSize(""));
  CHECK_FALSE(parseListedSize("abc"));
  CHECK_FALSE(parseListedSize("-5K"));
  CHECK_FALSE(parseListedSize("1e30G"));
  CHECK(parseListedDate("2019-07-07 12:34") == "2019-07-07T12:34");
  CHECK(parseListedDate("07-Jul-2019 12:34") == "2019-07-07T12:34");
  CHECK(parseListedDate("  2019-07-07 12:34:56  ") == "2019-07-07T12:34:56");
  CHECK(parseListedDate("07-Foo-2019 12:34").empty());
  CHECK(parseListedDate("yesterday").empty());
  CHECK(parseListedDate("").empty());
}
