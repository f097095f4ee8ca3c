// fmt's compiled part, built once as a static archive of ours.
//
// Debian's libfmt-dev ships fmt as headers plus a shared library, and no
// static archive; a statically linked tool needs the compiled part anyway.
// Using fmt header-only instead would compile that part into each of our
// 28 translation units that print (measured: +100 s of CPU per build on this
// 2-core machine, about 20%). fmt keeps the definitions in format-inl.h; the
// templates that format.h declares extern, or that the library normally
// instantiates for char, are instantiated here.
#include <fmt/format-inl.h>

FMT_BEGIN_NAMESPACE
namespace detail {

template auto dragonbox::to_decimal(float x) noexcept -> dragonbox::decimal_fp<float>;
template auto dragonbox::to_decimal(double x) noexcept -> dragonbox::decimal_fp<double>;
template locale_ref::locale_ref(const std::locale& loc);
template auto locale_ref::get<std::locale>() const -> std::locale;
template auto thousands_sep_impl<char>(locale_ref) -> thousands_sep_result<char>;
template auto decimal_point_impl(locale_ref) -> char;
template void buffer<char>::append(const char*, const char*);
template void vformat_to(buffer<char>&, string_view, basic_format_args<FMT_BUFFER_CONTEXT(char)>, locale_ref);

}  // namespace detail
FMT_END_NAMESPACE
