# After find_package(Kokkos): repairs the imported Kokkos::kokkos target of
# a Kokkos installed inside a Trilinos build whose package file computes its
# include folder wrongly. Debian 12's libtrilinos-kokkos-dev (13.2.0-4)
# installs /usr/lib/x86_64-linux-gnu/cmake/Kokkos/KokkosConfig.cmake, which
# points Kokkos::kokkos at "/usr/lib/include" while the headers are in
# Kokkos_INCLUDE_DIRS (/usr/include/trilinos). Used by the project and by
# the installed aspmvConfig.cmake (the "bring your own Kokkos" path).

if(TARGET Kokkos::kokkos AND Kokkos_INCLUDE_DIRS)
  get_target_property(_aspmv_kokkos_inc Kokkos::kokkos INTERFACE_INCLUDE_DIRECTORIES)
  set(_aspmv_kokkos_inc_missing FALSE)
  foreach(_dir IN LISTS _aspmv_kokkos_inc)
    if(NOT _dir MATCHES "^\\$<" AND NOT EXISTS "${_dir}")
      set(_aspmv_kokkos_inc_missing TRUE)
    endif()
  endforeach()
  if(_aspmv_kokkos_inc_missing)
    get_filename_component(_aspmv_kokkos_real "${Kokkos_INCLUDE_DIRS}" REALPATH)
    if(EXISTS "${_aspmv_kokkos_real}/Kokkos_Core.hpp")
      message(STATUS "aspmv: Kokkos::kokkos names missing include folders (${_aspmv_kokkos_inc}); using ${_aspmv_kokkos_real}")
      set_property(TARGET Kokkos::kokkos PROPERTY INTERFACE_INCLUDE_DIRECTORIES "${_aspmv_kokkos_real}")
      if(Kokkos_LIBRARY_DIRS)
        get_filename_component(_aspmv_kokkos_libdir "${Kokkos_LIBRARY_DIRS}" REALPATH)
        set_property(TARGET Kokkos::kokkos APPEND PROPERTY INTERFACE_LINK_DIRECTORIES "${_aspmv_kokkos_libdir}")
      endif()
    endif()
  endif()
endif()
