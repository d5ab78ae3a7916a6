// Run-time defaults of the sanitizers for every Lagscope executable of a LAGSCOPE_SANITIZE
// build (cmake/LagscopeSanitize.cmake); the environment (ASAN_OPTIONS, …) still overrides them.
// The sanitizer runtimes look these functions up by name when the process starts.
//
// Leak suppressions: only leaks that are not Lagscope's own, each with the reason. A leak whose
// stack passes through our code is never suppressed here.

extern "C" {

// NOLINTBEGIN(readability-identifier-naming): names the runtimes look up.
__attribute__((visibility("default"), used)) const char *__asan_default_options()
{
    // detect_leaks: LeakSanitizer at exit. strict_string_checks, detect_stack_use_after_return:
    // more checks for little cost. Exit code 1 like any failure.
    return "detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1:"
           "check_initialization_order=1:halt_on_error=1:exitcode=1";
}

__attribute__((visibility("default"), used)) const char *__ubsan_default_options()
{
    return "print_stacktrace=1:halt_on_error=1";
}

__attribute__((visibility("default"), used)) const char *__lsan_default_suppressions()
{
    return
        // fontconfig keeps its configuration and caches for the life of the process.
        "leak:libfontconfig.so\n"
        // Mesa/GLX and the offscreen platform's one-time initialisation.
        "leak:libGLX_mesa.so\n"
        "leak:libEGL_mesa.so\n"
        // Cyrus SASL and GSSAPI plugins loaded by librdkafka's sasl_client_init keep their state.
        "leak:libsasl2.so\n"
        "leak:libgssapi_krb5.so\n"
        "leak:libkrb5.so\n";
}
// NOLINTEND(readability-identifier-naming)

} // extern "C"
