# The files of web/ the binary serves: everything but its README, its tests and the
# tooling that runs them (node_modules, package files, configs).
function(apiary_web_files dir out)
  file(GLOB_RECURSE all RELATIVE ${dir} ${dir}/*)
  set(kept "")
  foreach(name ${all})
    if(name MATCHES "^(tests?|node_modules|test-results)/" OR name MATCHES "(^|/)README\\.md$"
       OR name MATCHES "^package(-lock)?\\.json$" OR name MATCHES "\\.config\\.[cm]?js$" OR name MATCHES "(^|/)\\.")
      continue()
    endif()
    list(APPEND kept ${dir}/${name})
  endforeach()
  list(SORT kept)
  set(${out} ${kept} PARENT_SCOPE)
endfunction()
