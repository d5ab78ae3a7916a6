#include "models/TextFilterProxy.h"

namespace lagscope {

void TextFilterProxy::setFilterText(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed == m_text)
        return;
    m_text = trimmed;
    invalidateFilter();
}

} // namespace lagscope
