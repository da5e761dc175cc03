// Where the tests find the apiary executable, ../shared and the source tree. The
// paths differ between checkouts, so they live in one generated file
// (tests/CMakeLists.txt) rather than in every test's command line: the test files
// then compile the same everywhere and ccache serves one checkout's objects to
// another. Included into every test file by the build (-include).
#pragma once

namespace apiary::test {
const char* apiaryBinaryPath();
const char* sharedDirPath();
const char* sourceDirPath();
}  // namespace apiary::test

#define APIARY_BINARY (::apiary::test::apiaryBinaryPath())
#define APIARY_SHARED_DIR (::apiary::test::sharedDirPath())
#define APIARY_SOURCE_DIR (::apiary::test::sourceDirPath())
