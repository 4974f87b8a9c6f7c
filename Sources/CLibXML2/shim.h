// Umbrella header for the parts of libxml2 that TreatyReports uses:
// the text writer, the parser and tree, and XML Schema validation.
#ifndef TREATY_CLIBXML2_SHIM_H
#define TREATY_CLIBXML2_SHIM_H

#include <libxml/xmlversion.h>

// libxml2 built with ICU makes encoding.h include the system's <unicode/ucnv.h>, whose
// definitions clash with the ICU copy inside Foundation ("'UErrorCode' has different
// definitions in different modules"). Nothing here touches the ICU-only members (the tail of
// xmlCharEncodingHandler, which Swift code never allocates or reads), so hide them.
#ifdef LIBXML_ICU_ENABLED
#undef LIBXML_ICU_ENABLED
#endif

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlmemory.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlwriter.h>

/// Frees memory that libxml2 allocated. `xmlFree` is a global variable in some
/// libxml2 versions and a macro in others; this wrapper hides the difference.
static inline void treaty_xml_free(void *pointer) {
    xmlFree(pointer);
}

#endif
