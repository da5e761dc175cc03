# Writes version.hpp: the project's version and, built from a git checkout, its
# commit. Run at every build (cli/CMakeLists.txt); the file is rewritten only when
# its text changes, so an unchanged commit recompiles nothing.
execute_process(COMMAND git -C "${SOURCE_DIR}" describe --always --dirty --abbrev=12
                OUTPUT_VARIABLE commit ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
set(text "#pragma once\n#define APIARY_VERSION \"${VERSION}\"\n#define APIARY_COMMIT \"${commit}\"\n")
set(old "")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUT}" "${text}")
endif()
