#include "ingest/sources.hpp"

#include <zip.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <sstream>

namespace apiary::ingest {

namespace fs = std::filesystem;

namespace {

bool isZip(const fs::path& path) {
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), ::tolower);
  return ext == ".zip";
}

void readZip(const std::string& path, const std::function<void(SourceText&&)>& visit) {
  int error = 0;
  std::unique_ptr<zip_t, decltype(&zip_close)> archive(zip_open(path.c_str(), ZIP_RDONLY, &error),
                                                        &zip_close);
  if (!archive) {
    zip_error_t ze;
    zip_error_init_with_code(&ze, error);
    visit({path, {}, std::string("cannot open zip archive: ") + zip_error_strerror(&ze)});
    zip_error_fini(&ze);
    return;
  }
  const zip_int64_t entries = zip_get_num_entries(archive.get(), 0);
  std::vector<std::pair<std::string, zip_uint64_t>> members;
  for (zip_int64_t i = 0; i < entries; ++i) {
    const char* name = zip_get_name(archive.get(), zip_uint64_t(i), 0);
    if (name && name[0] && name[std::strlen(name) - 1] != '/') members.emplace_back(name, zip_uint64_t(i));
  }
  std::sort(members.begin(), members.end());
  for (const auto& [name, index] : members) {
    const std::string member = path + ":" + name;
    zip_stat_t stat;
    zip_file_t* file = zip_fopen_index(archive.get(), index, 0);
    if (!file || zip_stat_index(archive.get(), index, 0, &stat) != 0) {
      if (file) zip_fclose(file);
      visit({member, {}, std::string("cannot read archive member: ") + zip_strerror(archive.get())});
      continue;
    }
    std::string bytes(stat.size, '\0');
    const zip_int64_t got = zip_fread(file, bytes.data(), stat.size);
    zip_fclose(file);
    if (got < 0 || zip_uint64_t(got) != stat.size) {
      visit({member, {}, "archive member is truncated or corrupt"});
      continue;
    }
    visit(checkedText(member, std::move(bytes)));
  }
}

void readFile(const fs::path& path, const std::function<void(SourceText&&)>& visit) {
  if (isZip(path)) return readZip(path.string(), visit);
  std::ifstream in(path, std::ios::binary);
  if (!in) return visit({path.string(), {}, "cannot open file"});
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  visit(checkedText(path.string(), std::move(bytes)));
}

}  // namespace

SourceText checkedText(std::string path, std::string bytes) {
  if (bytes.rfind("\xEF\xBB\xBF", 0) == 0) bytes.erase(0, 3);
  if (bytes.rfind("\xFF\xFE", 0) == 0 || bytes.rfind("\xFE\xFF", 0) == 0)
    return {std::move(path), {}, "the file is UTF-16 encoded; apiary reads UTF-8 (or ASCII) text"};
  if (bytes.find('\0') != std::string::npos)
    return {std::move(path), {}, "the file is binary, not text"};
  return {std::move(path), std::move(bytes), {}};
}

void forEachSource(const std::vector<std::string>& paths,
                   const std::function<void(SourceText&&)>& visit) {
  for (const auto& path : paths) {
    if (path == "-") {
      std::ostringstream all;
      all << std::cin.rdbuf();
      visit(checkedText("-", all.str()));
      continue;
    }
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
      std::vector<fs::path> files;
      for (auto it = fs::recursive_directory_iterator(path, fs::directory_options::skip_permission_denied, ec);
           !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
        if (it->is_regular_file(ec)) files.push_back(it->path());
      std::sort(files.begin(), files.end());
      for (const auto& file : files) readFile(file, visit);
    } else if (fs::exists(path, ec)) {
      readFile(path, visit);
    } else {
      visit({path, {}, "no such file or directory"});
    }
  }
}

}  // namespace apiary::ingest
