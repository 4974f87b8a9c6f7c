// Typed wrappers around libcurl's variadic entry points, which Swift cannot call.
//
// `curl_easy_setopt`, `curl_easy_getinfo` and `curl_multi_setopt` take a C vararg whose type
// depends on the option. Each wrapper below fixes that type, so Swift passes exactly what
// libcurl reads: `long` for numbers and flags, `curl_off_t` for sizes, `char *` for strings,
// and the matching function-pointer type for callbacks.
#ifndef TREATY_CCURL_SHIM_H
#define TREATY_CCURL_SHIM_H

#include <curl/curl.h>

/// `curl_global_init(CURL_GLOBAL_DEFAULT)`: the flag is a macro Swift cannot see.
static inline CURLcode treaty_curl_global_init_default(void) {
    return curl_global_init(CURL_GLOBAL_DEFAULT);
}

static inline CURLcode treaty_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode treaty_curl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

/// libcurl copies string options; TreatyHTTP sends bodies with CURLOPT_COPYPOSTFIELDS, which is
/// copied too, and never uses CURLOPT_POSTFIELDS.
static inline CURLcode treaty_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode treaty_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode treaty_curl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

/// For CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION, which share one signature.
static inline CURLcode treaty_curl_setopt_write_callback(CURL *handle, CURLoption option,
                                                         curl_write_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode treaty_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode treaty_curl_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode treaty_curl_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode treaty_curl_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    return curl_multi_setopt(handle, option, value);
}

/// `curl_version_info(CURLVERSION_NOW)`: the macro is not visible to Swift.
static inline const curl_version_info_data *treaty_curl_version_info(void) {
    return curl_version_info(CURLVERSION_NOW);
}

/// Whether the loaded libcurl was built with HTTP/2 support.
static inline int treaty_curl_supports_http2(void) {
    return (curl_version_info(CURLVERSION_NOW)->features & CURL_VERSION_HTTP2) != 0;
}

#endif
