# Turns the page's files (web/, less its README, tests and tooling) into a C++ table
# compiled into apiary_server: cmake -DWEB_DIR=... -DOUTPUT=... -P embed_web.cmake
include(${CMAKE_CURRENT_LIST_DIR}/web_files.cmake)
apiary_web_files(${WEB_DIR} files)

set(table "")
set(arrays "")
set(n 0)
foreach(path ${files})
  file(RELATIVE_PATH name ${WEB_DIR} ${path})
  get_filename_component(ext ${path} LAST_EXT)
  string(TOLOWER "${ext}" ext)
  set(type "application/octet-stream")
  if(ext STREQUAL ".html")
    set(type "text/html; charset=utf-8")
  elseif(ext STREQUAL ".css")
    set(type "text/css; charset=utf-8")
  elseif(ext STREQUAL ".js" OR ext STREQUAL ".mjs")
    set(type "text/javascript; charset=utf-8")
  elseif(ext STREQUAL ".svg")
    set(type "image/svg+xml")
  elseif(ext STREQUAL ".png")
    set(type "image/png")
  elseif(ext STREQUAL ".ico")
    set(type "image/x-icon")
  elseif(ext STREQUAL ".json")
    set(type "application/json; charset=utf-8")
  elseif(ext STREQUAL ".woff2")
    set(type "font/woff2")
  endif()
  file(READ ${path} hex HEX)
  string(LENGTH "${hex}" digits)
  math(EXPR size "${digits} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "'\\\\x\\1'," bytes "${hex}")
  string(APPEND arrays "const char file${n}[] = {${bytes} 0};\n")
  string(APPEND table "    {\"/${name}\", \"${type}\", {file${n}, ${size}}},\n")
  math(EXPR n "${n} + 1")
endforeach()

file(WRITE ${OUTPUT}.new "// Generated from web/ by server/embed_web.cmake; do not edit.
#include \"server/web_files.hpp\"

namespace apiary::server {

namespace {
${arrays}}  // namespace

std::span<const WebFile> webFiles() {
  static const WebFile files[] = {
${table}    {\"\", \"\", {}}};
  return {files, std::size(files) - 1};
}

}  // namespace apiary::server
")
# Touch the output only when it changed, so an unchanged page rebuilds nothing.
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different ${OUTPUT}.new ${OUTPUT})
file(REMOVE ${OUTPUT}.new)
