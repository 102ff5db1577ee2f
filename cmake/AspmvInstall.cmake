# Installs the library with a CMake package config: find_package(aspmv)
# gives aspmv::aspmv (and aspmv::io, aspmv::vendor) to downstream projects.

install(TARGETS aspmv aspmv_io EXPORT aspmvTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY "${PROJECT_SOURCE_DIR}/src/aspmv/" DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/aspmv
        FILES_MATCHING PATTERN "*.hpp")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/backends/" DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/aspmv/backends
        FILES_MATCHING PATTERN "*.hpp")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/predictors/" DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/aspmv/predictors
        FILES_MATCHING PATTERN "*.hpp" PATTERN "train" EXCLUDE PATTERN "codegen" EXCLUDE)
install(FILES "${ASPMV_GENERATED_INCLUDE}/aspmv/version.hpp" DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/aspmv)
install(FILES "${ASPMV_GENERATED_INCLUDE}/aspmv/generated/arch_table.hpp"
              "${ASPMV_GENERATED_INCLUDE}/aspmv/generated/model_table.hpp"
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/aspmv/generated)
install(DIRECTORY "${PROJECT_SOURCE_DIR}/tuning_data/${ASPMV_ARCH}/"
        DESTINATION ${CMAKE_INSTALL_DATADIR}/aspmv/tuning_data/${ASPMV_ARCH})

set(_cfgdir ${CMAKE_INSTALL_LIBDIR}/cmake/aspmv)
install(EXPORT aspmvTargets NAMESPACE aspmv:: DESTINATION ${_cfgdir})
configure_package_config_file("${PROJECT_SOURCE_DIR}/cmake/aspmvConfig.cmake.in"
                              "${PROJECT_BINARY_DIR}/aspmvConfig.cmake" INSTALL_DESTINATION ${_cfgdir})
write_basic_package_version_file("${PROJECT_BINARY_DIR}/aspmvConfigVersion.cmake" COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/aspmvConfig.cmake" "${PROJECT_BINARY_DIR}/aspmvConfigVersion.cmake"
              "${PROJECT_SOURCE_DIR}/cmake/AspmvKokkosImportFix.cmake"
        DESTINATION ${_cfgdir})
