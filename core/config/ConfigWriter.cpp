#include "config/ConfigWriter.h"

#include <QCoreApplication>
#include <QFile>
#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

#include <yaml-cpp/yaml.h>

#include <exception>

namespace lagscope {

namespace {

// The translation context of this file's strings (lupdate reads it from here).
struct ConfigWriterText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::ConfigWriter)
};

std::string s(const QString &text) { return text.toStdString(); }

void setOrRemove(YAML::Node &map, const char *key, const QString &value)
{
    if (value.isEmpty())
        map.remove(key);
    else
        map[key] = s(value);
}

void writeSecurity(YAML::Node &node, const SecurityConfig &sec)
{
    if (sec.protocol.isEmpty()) {
        node.remove("security");
        return;
    }
    YAML::Node out(YAML::NodeType::Map);
    out["protocol"] = s(sec.protocol);
    if (sec.usesSasl()) {
        setOrRemove(out, "sasl_mechanism", sec.saslMechanism);
        setOrRemove(out, "username", sec.username);
        setOrRemove(out, "password", sec.password);
        setOrRemove(out, "kerberos_principal", sec.kerberosPrincipal);
        setOrRemove(out, "kerberos_keytab", sec.kerberosKeytab);
        setOrRemove(out, "kerberos_service_name", sec.kerberosServiceName);
        setOrRemove(out, "oauth_token_endpoint", sec.oauthTokenEndpoint);
        setOrRemove(out, "oauth_client_id", sec.oauthClientId);
        setOrRemove(out, "oauth_client_secret", sec.oauthClientSecret);
        setOrRemove(out, "oauth_scope", sec.oauthScope);
        if (!sec.oauthExtensions.empty()) {
            YAML::Node extensions(YAML::NodeType::Map);
            for (const auto &[key, value] : sec.oauthExtensions)
                extensions[s(key)] = s(value);
            out["oauth_extensions"] = extensions;
        }
    }
    if (sec.usesTls()) {
        setOrRemove(out, "ca_file", sec.caFile);
        setOrRemove(out, "cert_file", sec.certFile);
        setOrRemove(out, "key_file", sec.keyFile);
        setOrRemove(out, "key_password", sec.keyPassword);
        if (!sec.verifyCertificates)
            out["verify_certificates"] = false;
        if (!sec.verifyHostname)
            out["verify_hostname"] = false;
    }
    node["security"] = out;
}

} // namespace

Status saveClusterToConfig(const QString &path, const ClusterConfig &cluster, const QString &previousName)
{
    QByteArray old;
    {
        QFile in(path);
        if (in.exists()) {
            if (!in.open(QIODevice::ReadOnly))
                return Status::failure(ConfigWriterText::tr("cannot read %1: %2").arg(path, in.errorString()));
            old = in.readAll();
        }
    }
    std::string text;
    try {
        YAML::Node root = old.trimmed().isEmpty() ? YAML::Node(YAML::NodeType::Map) : YAML::Load(old.toStdString());
        if (!root.IsMap())
            return Status::failure(ConfigWriterText::tr("%1: expected a map at the top").arg(path));
        YAML::Node clusters = root["clusters"];
        if (!clusters || clusters.IsNull())
            clusters = YAML::Node(YAML::NodeType::Sequence);
        if (!clusters.IsSequence())
            return Status::failure(ConfigWriterText::tr("%1: clusters is not a sequence").arg(path));
        const QString wanted = previousName.isEmpty() ? cluster.name : previousName;
        std::size_t index = clusters.size();
        for (std::size_t i = 0; i < clusters.size(); ++i) {
            const YAML::Node c = clusters[i];
            if (c.IsMap() && c["name"] && c["name"].IsScalar()
                && QString::fromStdString(c["name"].Scalar()) == wanted) {
                index = i;
                break;
            }
        }
        const bool found = index < clusters.size();
        YAML::Node entry = found ? clusters[index] : YAML::Node(YAML::NodeType::Map);
        entry["name"] = s(cluster.name);
        entry["bootstrap"] = s(cluster.bootstrapServers);
        if (cluster.readOnly && cluster.readOnlyReason.isEmpty())
            entry["read_only"] = true;
        else
            entry.remove("read_only");
        writeSecurity(entry, cluster.security);
        if (!found)
            clusters.push_back(entry);
        root["clusters"] = clusters;
        YAML::Emitter emitter;
        emitter << root;
        text = emitter.c_str();
    } catch (const std::exception &e) {
        return Status::failure(
            ConfigWriterText::tr("%1: cannot update the YAML: %2").arg(path, QString::fromLocal8Bit(e.what())));
    }
    if (!old.isEmpty()) {
        QFile::remove(path + QStringLiteral(".bak"));
        QFile::copy(path, path + QStringLiteral(".bak"));
    }
    // The first cluster of a first run: ~/.config/lagscope does not exist yet.
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return Status::failure(ConfigWriterText::tr("cannot write %1: %2").arg(path, out.errorString()));
    out.write(QByteArray::fromStdString(text) + '\n');
    if (!out.commit())
        return Status::failure(ConfigWriterText::tr("cannot write %1: %2").arg(path, out.errorString()));
    return success();
}

} // namespace lagscope
