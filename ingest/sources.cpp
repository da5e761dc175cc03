#include "ingest/sources.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zip.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <set>
#include <utility>

#include "ingest/caps.hpp"

namespace apiary::ingest {

namespace fs = std::filesystem;

namespace {

class FileStream : public ByteStream {
 public:
  explicit FileStream(int fd) : fd_(fd) {}
  ~FileStream() override {
    if (fd_ > STDIN_FILENO) ::close(fd_);
  }
  std::ptrdiff_t read(char* into, std::size_t size) override {
    for (;;) {
      const ssize_t got = ::read(fd_, into, size);
      if (got >= 0) return got;
      if (errno == EINTR) continue;
      error_ = std::strerror(errno);
      return -1;
    }
  }

 private:
  int fd_;
};

using ZipFile = std::unique_ptr<zip_file_t, decltype(&zip_fclose)>;

class ZipEntryStream : public ByteStream {
 public:
  explicit ZipEntryStream(ZipFile file) : file_(std::move(file)) {}
  std::ptrdiff_t read(char* into, std::size_t size) override {
    const zip_int64_t got = zip_fread(file_.get(), into, size);
    if (got < 0) error_ = std::string("corrupt archive entry: ") + zip_file_strerror(file_.get());
    return std::ptrdiff_t(got);
  }

 private:
  ZipFile file_;
};

bool isZip(const fs::path& path) {
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), ::tolower);
  return ext == ".zip";
}

std::string sizeText(std::size_t bytes) {
  return bytes >= 1024 * 1024 ? std::to_string(bytes >> 20) + " MiB" : std::to_string(bytes >> 10) + " KiB";
}

// Inflates an entry once, throwing the bytes away, before any of it is read as
// games: libzip checks the CRC only at the entry's end, and a corrupt entry must
// add nothing. Also holds the entry to the caps on its size and its ratio, by what
// it really inflates to (its header may lie). Empty when the entry is sound.
std::string checkEntry(zip_t* archive, zip_uint64_t index, const std::string& name) {
  zip_stat_t stat;
  zip_stat_init(&stat);
  ZipFile file(zip_fopen_index(archive, index, 0), &zip_fclose);
  if (!file || zip_stat_index(archive, index, 0, &stat) != 0)
    return "cannot read archive entry " + name + ": " + zip_strerror(archive);
  const std::size_t packed = (stat.valid & ZIP_STAT_COMP_SIZE) ? std::max<zip_uint64_t>(stat.comp_size, 1) : 1;
  // One a thread: ingest's reading thread and sync's download check both read zips, and
  // libzip checks the CRC over the bytes it has just written here.
  thread_local char buffer[64 * 1024];
  std::size_t total = 0;
  for (;;) {
    const zip_int64_t got = zip_fread(file.get(), buffer, sizeof buffer);
    if (got < 0) {
      const bool crc = zip_error_code_zip(zip_file_get_error(file.get())) == ZIP_ER_CRC;
      return "corrupt archive entry " + name +
             (crc ? ": its CRC does not match its bytes" : std::string(": ") + zip_file_strerror(file.get()));
    }
    if (got == 0) return {};
    total += std::size_t(got);
    if (total > caps::kArchiveEntryBytes)
      return "archive entry " + name + " inflates past " + sizeText(caps::kArchiveEntryBytes) + ", the cap on an entry";
    if (total > caps::kArchiveRatioFrom && total / packed > caps::kArchiveRatio)
      return "archive entry " + name + " inflates more than " + std::to_string(caps::kArchiveRatio) + " times its " +
             std::to_string(packed) + " packed bytes: not game text";
  }
}

using ZipArchive = std::unique_ptr<zip_t, decltype(&zip_close)>;

// The archive open, or null and why not.
ZipArchive openZip(const std::string& path, std::string& why) {
  int error = 0;
  ZipArchive archive(zip_open(path.c_str(), ZIP_RDONLY, &error), &zip_close);
  if (!archive) {
    zip_error_t ze;
    zip_error_init_with_code(&ze, error);
    why = std::string("cannot open zip archive: ") + zip_error_strerror(&ze);
    zip_error_fini(&ze);
  }
  return archive;
}

// The archive's files (not its folders), by name.
std::vector<std::pair<std::string, zip_uint64_t>> zipMembers(zip_t* archive) {
  const zip_int64_t entries = zip_get_num_entries(archive, 0);
  std::vector<std::pair<std::string, zip_uint64_t>> members;
  for (zip_int64_t i = 0; i < entries; ++i) {
    const char* name = zip_get_name(archive, zip_uint64_t(i), 0);
    if (name && name[0] && name[std::strlen(name) - 1] != '/') members.emplace_back(name, zip_uint64_t(i));
  }
  std::sort(members.begin(), members.end());
  return members;
}

void readZip(const std::string& path, const std::function<void(Source&&)>& visit) {
  std::string why;
  const ZipArchive archive = openZip(path, why);
  if (!archive) return visit({path, true, nullptr, why, {}});
  const auto members = zipMembers(archive.get());
  for (const auto& [name, index] : members) {
    Source member{path + ":" + name, false, nullptr, checkEntry(archive.get(), index, name), {}};
    if (member.error.empty()) {
      ZipFile file(zip_fopen_index(archive.get(), index, 0), &zip_fclose);
      if (file) member.stream = std::make_unique<ZipEntryStream>(std::move(file));
      else member.error = "cannot read archive entry " + name + ": " + zip_strerror(archive.get());
    }
    visit(std::move(member));
  }
}

const char* kindOf(mode_t mode) {
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  if (S_ISFIFO(mode)) return "a pipe";
  if (S_ISSOCK(mode)) return "a socket";
  return "something else";
}

using FileId = std::pair<dev_t, ino_t>;

// Walks what the user named: symlinked folders are followed once (a folder
// reached twice is read once), a link back to a folder being read is a loop.
class Walk {
 public:
  Walk(const SourceOptions& options, const std::function<void(Source&&)>& visit) : visit_(visit) {
    struct stat st;
    for (const auto& dir : options.skipDirectories)
      if (::stat(dir.c_str(), &st) == 0) skip_.insert({st.st_dev, st.st_ino});
  }

  void path(const std::string& path, bool named) {
    struct stat st;
    if (::stat(path.c_str(), &st) != 0) return visit_({path, named, nullptr, std::strerror(errno), {}});
    if (S_ISDIR(st.st_mode)) return directory(path, {st.st_dev, st.st_ino}, named);
    if (!S_ISREG(st.st_mode) && !(named && S_ISFIFO(st.st_mode)))
      return visit_({path, named, nullptr, {}, std::string("not a regular file but ") + kindOf(st.st_mode)});
    if (isZip(path)) return readZip(path, visit_);
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return visit_({path, named, nullptr, std::strerror(errno), {}});
    visit_({path, named, std::make_unique<FileStream>(fd), {}, {}});
  }

 private:
  void directory(const std::string& path, FileId id, bool named) {
    if (skip_.count(id)) return visit_({path, named, nullptr, {}, "the database's own directory"});
    if (std::find(open_.begin(), open_.end(), id) != open_.end())
      return visit_({path, named, nullptr, "symbolic link loop: leads back to a folder being read", {}});
    if (!seen_.insert(id).second) return;
    struct CloseDir {
      void operator()(DIR* dir) const { closedir(dir); }
    };
    std::unique_ptr<DIR, CloseDir> dir(opendir(path.c_str()));
    if (!dir) return visit_({path, named, nullptr, std::strerror(errno), {}});
    std::vector<std::string> names;
    while (const dirent* entry = readdir(dir.get()))
      if (std::strcmp(entry->d_name, ".") && std::strcmp(entry->d_name, "..")) names.emplace_back(entry->d_name);
    dir.reset();
    std::sort(names.begin(), names.end());
    open_.push_back(id);
    for (const auto& name : names) this->path((fs::path(path) / name).string(), false);
    open_.pop_back();
  }

  const std::function<void(Source&&)>& visit_;
  std::set<FileId> skip_, seen_;
  std::vector<FileId> open_;  // the folders being read, outermost first
};

}  // namespace

std::string zipArchiveError(const std::string& path) {
  std::string why;
  const ZipArchive archive = openZip(path, why);
  if (!archive) return why;
  for (const auto& [name, index] : zipMembers(archive.get()))
    if (std::string error = checkEntry(archive.get(), index, name); !error.empty()) return error;
  return {};
}

void forEachSource(const NextPath& next, const SourceOptions& options, const std::function<void(Source&&)>& visit,
                   const std::function<void(const std::string&)>& pathDone) {
  Walk walk(options, visit);
  while (const auto path = next()) {
    if (*path == "-") visit({"-", true, std::make_unique<FileStream>(STDIN_FILENO), {}, {}});
    else walk.path(*path, true);
    if (pathDone) pathDone(*path);
  }
}

void forEachSource(const std::vector<std::string>& paths, const SourceOptions& options,
                   const std::function<void(Source&&)>& visit) {
  std::size_t i = 0;
  forEachSource([&]() { return i < paths.size() ? std::optional(paths[i++]) : std::nullopt; }, options, visit, {});
}

}  // namespace apiary::ingest
