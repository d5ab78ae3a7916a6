#pragma once
// Help → About Lagscope: the icon, Lagscope's version, the Qt it runs on and was built
// against, the librdkafka it links (the pinned release with Lagscope's patches, see
// packaging/librdkafka) and the license notice. Non-modal; Escape closes it.
// Thread: GUI. Ownership: a normal QDialog (the window opens one and deletes it on close).

#include <QDialog>

namespace lagscope {

class AboutDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AboutDialog)

public:
    explicit AboutDialog(QWidget *parent = nullptr);

    // The version lines, as plain text (also the dialog's "Copy" text for bug reports).
    static QString versions();
};

} // namespace lagscope
