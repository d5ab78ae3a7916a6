#include "util/AppPaths.h"

#include <QStandardPaths>

namespace lagscope {

QString appDataDir() { return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation); }

} // namespace lagscope
