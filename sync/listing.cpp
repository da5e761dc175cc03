#include "sync/listing.hpp"

#include <libxml/HTMLparser.h>
#include <libxml/xpath.h>

#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <memory>
#include <sstream>

#include "sync/url.hpp"

namespace apiary::sync {

namespace {

struct DocumentDeleter {
  void operator()(xmlDoc* document) const { xmlFreeDoc(document); }
};
struct ContextDeleter {
  void operator()(xmlXPathContext* context) const { xmlXPathFreeContext(context); }
};
struct ObjectDeleter {
  void operator()(xmlXPathObject* object) const { xmlXPathFreeObject(object); }
};
using XPathResult = std::unique_ptr<xmlXPathObject, ObjectDeleter>;

std::string_view trimmed(std::string_view text) {
  // Blanks, and the UTF-8 no-break space Apache writes as &nbsp; in empty cells.
  for (;;) {
    if (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
    else if (text.substr(0, 2) == "\xc2\xa0") text.remove_prefix(2);
    else break;
  }
  for (;;) {
    if (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
    else if (text.size() >= 2 && text.substr(text.size() - 2) == "\xc2\xa0") text.remove_suffix(2);
    else break;
  }
  return text;
}

std::string textOf(xmlNode* node) {
  xmlChar* content = xmlNodeGetContent(node);
  if (!content) return {};
  std::string text(reinterpret_cast<const char*>(content));
  xmlFree(content);
  return std::string(trimmed(text));
}

std::string attribute(xmlNode* node, const char* name) {
  xmlChar* value = xmlGetProp(node, reinterpret_cast<const xmlChar*>(name));
  if (!value) return {};
  std::string text(reinterpret_cast<const char*>(value));
  xmlFree(value);
  return text;
}

std::vector<xmlNode*> select(xmlXPathContext* context, const char* path, xmlNode* from = nullptr) {
  if (from) context->node = from;
  XPathResult result(xmlXPathEvalExpression(reinterpret_cast<const xmlChar*>(path), context));
  std::vector<xmlNode*> nodes;
  if (result && result->nodesetval)
    for (int i = 0; i < result->nodesetval->nodeNr; ++i) nodes.push_back(result->nodesetval->nodeTab[i]);
  return nodes;
}

// The entry a link names when it names a direct child of the folder `base` (a
// URL ending in '/'): its resolved URL, decoded name and kind.
std::optional<ListingEntry> childEntry(const std::string& href, const std::string& base) {
  if (href.empty() || href.front() == '?' || href.front() == '#') return std::nullopt;
  const auto url = resolveUrl(base, href);
  if (!url || url->size() <= base.size() || url->compare(0, base.size(), base) != 0) return std::nullopt;
  std::string_view rest = std::string_view(*url).substr(base.size());
  ListingEntry entry;
  entry.folder = rest.back() == '/';
  if (entry.folder) rest.remove_suffix(1);
  if (rest.empty() || rest.find_first_of("/?#") != std::string_view::npos) return std::nullopt;
  const auto name = percentDecoded(rest);
  if (!name || name->empty() || *name == "." || *name == ".." || name->find('/') != std::string::npos)
    return std::nullopt;
  entry.name = *name;
  entry.url = *url;
  return entry;
}

void setSizeAndDate(ListingEntry& entry, std::string_view date, std::string_view size) {
  entry.modified = parseListedDate(date);
  entry.sizeText = std::string(trimmed(size));
  entry.size = parseListedSize(entry.sizeText);
}

// Which cells of a table's rows hold the date and the size, from its header row
// (Apache names them "Last modified" and "Size"); the usual places otherwise.
struct Columns {
  int date = 2, size = 3;
};

Columns tableColumns(xmlXPathContext* context) {
  Columns columns;
  const auto headers = select(context, "(//tr[th][count(th) > 2])[1]/th");
  for (std::size_t i = 0; i < headers.size(); ++i) {
    const std::string text = textOf(headers[i]);
    if (text == "Last modified") columns.date = static_cast<int>(i);
    if (text == "Size") columns.size = static_cast<int>(i);
  }
  return columns;
}

// Rows of a <table> listing; false when there is no such table.
bool readTable(xmlXPathContext* context, const std::string& base, std::vector<ListingEntry>& entries) {
  const auto rows = select(context, "//tr[td//a[@href]]");
  if (rows.empty()) return false;
  const Columns columns = tableColumns(context);
  for (xmlNode* row : rows) {
    const auto cells = select(context, "td", row);
    const auto link = select(context, "td//a[@href]", row);
    auto entry = childEntry(attribute(link.front(), "href"), base);
    if (!entry) continue;
    auto cell = [&](int i) { return i < static_cast<int>(cells.size()) ? textOf(cells[i]) : std::string(); };
    setSizeAndDate(*entry, cell(columns.date), cell(columns.size));
    entries.push_back(std::move(*entry));
  }
  return true;
}

// The older <pre> listing: each link followed by a text "date time size".
bool readPre(xmlXPathContext* context, const std::string& base, std::vector<ListingEntry>& entries) {
  const auto links = select(context, "//pre//a[@href]");
  if (links.empty()) return false;
  for (xmlNode* link : links) {
    auto entry = childEntry(attribute(link, "href"), base);
    if (!entry) continue;
    std::string after;
    for (xmlNode* next = link->next; next && next->type == XML_TEXT_NODE; next = next->next)
      after += reinterpret_cast<const char*>(next->content);
    std::istringstream words(after);
    std::string day, time, size;
    words >> day >> time >> size;
    setSizeAndDate(*entry, day + " " + time, size);
    entries.push_back(std::move(*entry));
  }
  return true;
}

bool looksLikeHtml(std::string_view page) {
  if (page.substr(0, 3) == "\xef\xbb\xbf") page.remove_prefix(3);
  const auto head = page.substr(0, 4096);
  if (head.find('\0') != std::string_view::npos) return false;
  const auto first = head.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && head[first] == '<';
}

}  // namespace

Listing parseListing(std::string_view page, const std::string& pageUrl) {
  Listing listing;
  const auto base = resolveUrl(pageUrl, "./");
  if (!base) {
    listing.error = "not an http(s) URL";
    return listing;
  }
  if (page.size() > std::size_t{1} << 30) {
    listing.error = "not a listing page: over 1 GiB";
    return listing;
  }
  if (!looksLikeHtml(page)) {
    listing.error = "not a listing page: not HTML";
    return listing;
  }
  std::unique_ptr<xmlDoc, DocumentDeleter> document(
      htmlReadMemory(page.data(), static_cast<int>(page.size()), pageUrl.c_str(), nullptr,
                     HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET));
  if (!document) {
    listing.error = "not a listing page: the HTML parser could not read it";
    return listing;
  }
  std::unique_ptr<xmlXPathContext, ContextDeleter> context(xmlXPathNewContext(document.get()));
  if (!context) {
    listing.error = "out of memory reading the page";
    return listing;
  }
  if (!readTable(context.get(), *base, listing.entries) && !readPre(context.get(), *base, listing.entries))
    listing.error = "not a listing page: no table or <pre> of links";
  return listing;
}

std::optional<std::int64_t> parseListedSize(std::string_view text) {
  text = trimmed(text);
  if (text.empty() || text == "-") return std::nullopt;
  double multiplier = 1;
  switch (std::toupper(static_cast<unsigned char>(text.back()))) {
    case 'K': multiplier = 1024.0; break;
    case 'M': multiplier = 1024.0 * 1024; break;
    case 'G': multiplier = 1024.0 * 1024 * 1024; break;
    case 'T': multiplier = 1024.0 * 1024 * 1024 * 1024; break;
    default: break;
  }
  if (multiplier > 1) text.remove_suffix(1);
  double number = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(number) || number < 0 ||
      number * multiplier > 9e18)
    return std::nullopt;
  return static_cast<std::int64_t>(std::llround(number * multiplier));
}

std::optional<int> monthNumber(std::string_view abbreviation) {
  static constexpr std::array<std::string_view, 12> months{"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                           "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  for (std::size_t i = 0; i < months.size(); ++i)
    if (abbreviation == months[i]) return static_cast<int>(i) + 1;
  return std::nullopt;
}

std::string parseListedDate(std::string_view text) {
  text = trimmed(text);
  auto digits = [](std::string_view part) {
    for (char c : part)
      if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    return !part.empty();
  };
  std::string day, month, year;
  std::string_view time;
  if (text.size() >= 16 && text[4] == '-' && text[7] == '-' && text[10] == ' ') {  // 2019-07-07 12:34
    year = text.substr(0, 4), month = text.substr(5, 2), day = text.substr(8, 2);
    time = text.substr(11);
  } else if (text.size() >= 17 && text[2] == '-' && text[6] == '-' && text[11] == ' ') {  // 07-Jul-2019 12:34
    day = text.substr(0, 2), year = text.substr(7, 4);
    if (const auto number = monthNumber(text.substr(3, 3))) month = (*number < 10 ? "0" : "") + std::to_string(*number);
    time = text.substr(12);
  }
  const bool clock = (time.size() == 5 || time.size() == 8) && time[2] == ':' && digits(time.substr(0, 2)) &&
                     digits(time.substr(3, 2));
  if (!digits(year) || !digits(month) || !digits(day) || !clock) return {};
  return year + "-" + month + "-" + day + "T" + std::string(time);
}

}  // namespace apiary::sync
