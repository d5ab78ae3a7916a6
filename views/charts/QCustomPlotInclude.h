#pragma once
// Include QCustomPlot through this header, never <qcustomplot.h> directly.
//
// qcustomplot.h is written with the Qt keywords `signals` and `foreach`, which our strict
// build turns off (QT_NO_KEYWORDS, docs/STYLE.md, Qt). Everything it includes is included first,
// then the two words are mapped onto their Q_ macros for the length of that one header
// only, so no other code can start relying on them.
// Thread: n/a. Ownership: n/a.

#include <QtPrintSupport/QtPrintSupport> // qcustomplot.h includes it anyway; it brings Core, Gui, Widgets

#if defined(QT_NO_KEYWORDS) && !defined(signals)
#define signals Q_SIGNALS
#define foreach Q_FOREACH
#define LAGSCOPE_QCP_KEYWORDS
#endif

#include <qcustomplot.h>

#ifdef LAGSCOPE_QCP_KEYWORDS
#undef signals
#undef foreach
#undef LAGSCOPE_QCP_KEYWORDS
#endif
