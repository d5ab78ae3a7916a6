<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>lagscope::AboutDialog</name>
    <message>
        <source>librdkafka %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>librdkafka %1 with Lagscope patches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lagscope %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Qt %1 (built against %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Lagscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Copyright © the Lagscope authors.&lt;/p&gt;&lt;p&gt;Lagscope is free software: you can redistribute it and/or modify it under the terms of the GNU General Public License as published by the Free Software Foundation, either version 3 of the License, or (at your option) any later version (GPL-3.0-or-later). It comes with ABSOLUTELY NO WARRANTY. See the GNU General Public License for details: &lt;a href=&quot;https://www.gnu.org/licenses/gpl-3.0.html&quot;&gt;gnu.org/licenses/gpl-3.0.html&lt;/a&gt;.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy versions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h2&gt;Lagscope&lt;/h2&gt;&lt;p&gt;Desktop operations console for Apache Kafka.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::AlertBadges</name>
    <message numerus="yes">
        <source>%n alert(s) firing</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Alerts</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n firing</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 firing, %2 muted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (muted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
firing since %2
Right-click to mute the rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unmute rule &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mute rule &quot;%1&quot; for 1 hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mute rule &quot;%1&quot; until unmuted</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::AlertCommandRunner</name>
    <message>
        <source>the alert command %1 could not start: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the alert command %1 was killed after %2 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the alert command %1 crashed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the alert command %1 exited with code %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::AlertEvaluator</name>
    <message>
        <source>no longer observed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (muted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>alert %1 firing for %2: %3 (%4 ≥ %5 for %6 poll(s))%7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>alert %1 cleared for %2: %3 (%4 poll(s) below the threshold)%5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>total lag %1 records</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n rebalance(s) in the last hour</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>lag %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>status %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all brokers online</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n broker(s) not online: %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lagscope::AlertFlows</name>
    <message>
        <source>%1 records to re-read on failover</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every committed partition has a checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n partition(s) without a checkpoint: %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lagscope::AlertService</name>
    <message>
        <source>Lagscope alert: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::AlertTray</name>
    <message>
        <source>Lagscope</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::AuditLog</name>
    <message>
        <source>cannot open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot sync %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the disk holding %1 is full (%2 free, %3 needed for its record)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::BrokerLanes</name>
    <message>
        <source>Unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>broker %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No broker known yet: waiting for the first poll</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>broker %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 – %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No change of this broker is recorded before %1, so its state before it is not known.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Began before the range shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing of this cluster is recorded before %1: Lagscope was not watching it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing of this cluster is recorded yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>since %1 (the latest poll)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::BrokerLifecycle</name>
    <message numerus="yes">
        <source>Controlled shutdown: registered and unfenced, but out of the ISR of all its %n replicated partition(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Registered and unfenced with the controller; connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No longer registered with the controller</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Missing from Metadata: fenced or stopped; %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Registered and unfenced with the controller; its listener accepts connections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Registered and unfenced with the controller, but %1 refuses connections: a firewall, or a broker that has just died (the controller fences it within its broker.session.timeout.ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Registered and unfenced with the controller, but Lagscope cannot connect to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fenced by the controller, and %1 refuses connections: the broker is not running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fenced by the controller (missed heartbeats, or still catching up), but %1 accepts connections: the process is alive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fenced by the controller; %1 did not answer a connection attempt (host down or cut off?)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::BrokerStatesTimeline</name>
    <message numerus="yes">
        <source>&lt;b&gt;Broker states&lt;/b&gt; — %n change(s) recorded in the last %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>; nothing recorded yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; nothing recorded before %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; no history: only this session&apos;s polls are shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The history records changes only: a broker with no change recorded is drawn in its current state since the history of the cluster began, and one whose first change has no change before it is unknown until then. Before the history&apos;s first record of the cluster (or, without a history, this session&apos;s first poll) the lanes show No data.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Broker states&lt;/b&gt; — loading the last %1…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::BrokerTableModel</name>
    <message>
        <source>Online</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unreachable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host:Port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Controller</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The active controller</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partitions led</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fenced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In the cluster metadata and connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In the cluster metadata, but Lagscope cannot connect to it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not running, or gone from the cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Registered, but fenced by the controller</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In controlled shutdown</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::ChartImageMenu</name>
    <message>
        <source>Save image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save chart image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save image…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write the image %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::ChartRange</name>
    <message>
        <source>15m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>6h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>24h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>7d</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::ChartRangeBar</name>
    <message>
        <source>Show the last %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow new polls: keep the present at the right edge</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::ClusterDialog</name>
    <message>
        <source>Edit cluster %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prod-eu</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>broker1:9093,broker2:9093</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stored in the keyring, never in the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>${env:KAFKA_PASSWORD}, ${file:/path} or ${cmd:pass show kafka/prod}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CA certificate (PEM); empty: the system&apos;s CAs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read-only: refuse offset resets, failover and every other write</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Desktop keyring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask each session (kept in memory)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reference: environment, file or command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CA certificate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verify the broker certificates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verify the broker host names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⚠ TLS verification is off: anyone on the network path can impersonate this cluster. The cluster is marked with a warning badge.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name: letters, digits, &quot;.&quot;, &quot;_&quot; and &quot;-&quot; only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bootstrap servers: at least one host:port.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs a user name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password reference: ${env:NAME}, ${file:/path} or ${cmd:…}; never the password itself.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs a password.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B&amp;ootstrap servers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Security &amp;protocol</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SASL &amp;mechanism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;User name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password &amp;storage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass&amp;word</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password &amp;reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;CA file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty: the ticket cache of kinit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>https://idp.example.com/oauth2/token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optional</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keytab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Service na&amp;me</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token &amp;endpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sco&amp;pe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GSSAPI with a keytab needs the principal to sign in as.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OAUTHBEARER needs the token endpoint&apos;s URL (https://…).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OAUTHBEARER needs a client ID.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OAUTHBEARER needs the client secret.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Principal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client &amp;ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client secre&amp;t</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::ClusterHealth</name>
    <message>
        <source>Unreachable since %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 under-replicated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>broker %1 offline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>brokers %1 offline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>broker %1 fenced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>brokers %1 fenced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>broker %1 unreachable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>brokers %1 unreachable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>broker %1 stopping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>brokers %1 stopping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>controller quorum has no leader</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>controller voter %1 lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>controller voter %1 lagging</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 offline partition(s)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::ClusterStripModel</name>
    <message>
        <source>connecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>OK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 online</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Total lag over the last %n poll(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Poll time over the last %n poll(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Brokers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total lag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lag trend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Poll</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Poll trend</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::ConfigLoader</name>
    <message>
        <source>expected a sequence of alert rules, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a map with name, condition and threshold, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing required key &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>matches none of the configured clusters (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ignored: broker_offline is judged per cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duplicate alert name %1 (first defined at line %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an alert name made of letters, digits, &quot;.&quot;, &quot;_&quot; and &quot;-&quot;, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a regular expression, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid regular expression %1: %2 at offset %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a status (%1), got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a number of at least 0, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a number of polls from 1 to 10000, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected true, false or a date-time such as 2026-12-01T08:00:00Z, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a non-empty sequence [program, arguments...], got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected text for every part of the command, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a program name first, got an empty text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a duration from 100ms to 60m, like 10s, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a sequence of flows, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a map with source and target, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a cluster other than the source, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an alias</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an alias other than the source alias, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duplicate flow from %1 to %2 (first defined at line %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a cluster name, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>defined clusters: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>did you mean &quot;%1&quot;?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown cluster %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a non-empty separator such as &quot;.&quot;, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a map with a &quot;clusters&quot; key, got an empty file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a single YAML document, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>syntax error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the YAML: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a map with a &quot;clusters&quot; key, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an empty file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a duration like 5s or 500ms, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected at least 250ms, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected at most 1440m (a day), got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a number of polls from 3 to 1000, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a number of records from 0 to 1000000, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected at least one cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a sequence of clusters, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a map with name and bootstrap, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duplicate cluster name %1 (first defined at line %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a cluster name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected at least one host:port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected host:port, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected host:port or a sequence of them, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected host:port with a port from 1 to 65535, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a map of librdkafka properties, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a single value, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ignored, the cluster&apos;s &quot;bootstrap&quot; key sets the servers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a regular expression over cluster names, got %1%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>matches read_only_clusters &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected %1 made of letters, digits, &quot;.&quot;, &quot;_&quot; and &quot;-&quot;, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected true or false, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected one of %1, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot read the file: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown key (did you mean &quot;%1&quot;?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown key (expected one of: %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a sequence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an empty value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a key name, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duplicate key (first given at line %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a secret or a reference like ${env:NAME}, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file not found: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read %1: permission denied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>written in clear text; prefer ${env:NAME}, ${file:/path}, ${cmd:...} or ${keyring:NAME}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>${file:%1}: file not found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a map with protocol, sasl_mechanism, username, password, ca_file..., got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing required key &quot;protocol&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only used with protocol %1, not %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing: sasl_mechanism %1 needs a username and a password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing: a client certificate needs its key_file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing: a client key needs its cert_file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>given without key_file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TLS verification is off for this cluster: anyone on the network path can impersonate it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set it with the cluster&apos;s security block (protocol, verify_certificates, verify_hostname), so that it is checked and shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected one of lag_messages, lag_seconds, status, rebalances_per_hour, broker_offline, failover_reread, failover_untranslatable, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>syntax error: unexpected &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing required key &quot;sasl_mechanism&quot; (PLAIN, SCRAM-SHA-256, SCRAM-SHA-512, GSSAPI or OAUTHBEARER) for protocol %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not used with GSSAPI (set kerberos_principal and kerberos_keytab)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not used with OAUTHBEARER (set oauth_token_endpoint, oauth_client_id and oauth_client_secret)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only used with sasl_mechanism %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing: a keytab needs the principal to sign in as (kerberos_principal, e.g. lagscope@EXAMPLE.COM)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an http:// or https:// URL of the token endpoint, got &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>http:// sends the client secret and the tokens unencrypted; use https://</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a map of extension names to values, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an extension name is letters only and not &quot;auth&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing: an OpenID Connect client needs oauth_token_endpoint, oauth_client_id and oauth_client_secret</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected postgresql://USER@HOST[:PORT]/DATABASE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>options do not go in the URL: use history_sslmode and history_sslrootcert</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only with history (a postgresql:// URL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::ConfigWriter</name>
    <message>
        <source>cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: expected a map at the top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: clusters is not a sequence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot update the YAML: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::ConnectionTester</name>
    <message>
        <source>&amp;Test connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting to %1 (at most %2 s)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reachable: 1 broker, cluster id %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reachable: %1 brokers, cluster id %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signed in with: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed at the Kerberos ticket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed at the token endpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed at the broker (it refused the sign-in)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not reachable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::DeleteExecutor</name>
    <message>
        <source>acknowledged by the coordinator, but not read back: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>committed offset is %1 after the delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deleting a group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deleting offsets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read-back failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no answer to the delete (%1): it may still be carried out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the answer does not name group &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no answer to the delete: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::DeleteGroupDialog</name>
    <message>
        <source>Delete %1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The group and all its committed offsets (like --delete)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The group&apos;s committed offsets of the checked topics (like --delete-offsets)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Commit the deleted offsets of %1 back from %2?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the topics whose offsets go.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preview to see what would be deleted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the group&apos;s state and committed offsets…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preview failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kafka would refuse: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Group %1 (%2): %n committed offset(s) would be deleted with the group.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Group %1 (%2): %n committed offset(s) of the checked topics would be deleted.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>deleting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preview the delete first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing can be deleted: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None of the checked topics exists: nothing to delete.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type &apos;%1&apos; to enable Delete.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backing up and deleting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finished. Preview again before another delete.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete failed, nothing was deleted: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete refused, nothing was changed:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Delete %1: %2 of %n partition(s) deleted</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n refused by the coordinator (see Status)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Backup of the deleted offsets: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Committing the deleted offsets back from the backup…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo refused, nothing was changed:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Undo %1: %n committed offset(s) restored from %2.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>The audit record could not be written: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::DeletePreviewModel</name>
    <message>
        <source>will be deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Committed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::DesktopSession</name>
    <message>
        <source>History charts unavailable: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::DialogSteps</name>
    <message>
        <source>Type the group name to confirm:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::DiscoveredFlowsPanel</name>
    <message>
        <source>identity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> or identity?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, separator &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (internal &quot;.&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, syncs on target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, syncs on source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Discovered flows&lt;/b&gt; — found from topic names on your clusters. &lt;b&gt;Not trusted&lt;/b&gt; until you confirm one with Monitor.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clusters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Naming</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Found from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Monitor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>I checked this flow: monitor it for this session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy YAML</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the configuration entry (under replication:) that keeps this flow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>? (unknown)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot monitor: source cluster unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not trusted: confirm to monitor</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Not trusted: %n guess(es) to check</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; found from %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> Everything MirrorMaker&apos;s naming needs was found; check the clusters and aliases before trusting it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Guessed: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::EventLogDock</name>
    <message>
        <source>Events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All severities</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnings and errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Errors only</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::EventLogModel</name>
    <message>
        <source>Info</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Severity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subject</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::ExportReportDialog</name>
    <message>
        <source>Last hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 6 hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export lag report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Range:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From – to (local time):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;lusters:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all groups; or a regular expression for the whole name, e.g. billing-.*</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Groups:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count breaches above</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SLA:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s behind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SLA on time:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF (charts, for people)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV (one file per table)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON (for scripts)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save report as</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save to:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Include per-partition detail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose at least one cluster.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose where to save the report.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the history…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source> and %n more file(s) next to it</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF: a page with its chart for every group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Otherwise only the groups that breached an SLA or lagged most get a chart; the others are rows of the ranked tables.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::FailoverApplyPage</name>
    <message>
        <source>Apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each group: backup of its offsets on the target, commit, read back, audit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Applying %n group(s) on %1…</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 group(s) applied and verified on %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source> %n of them left committed topics untranslated (named below).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>applying…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backup, commit, read back…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refused, nothing written: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 of %3 partition(s) verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; not translated: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::FailoverCache</name>
    <message>
        <source>cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a failover cache: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::FailoverConfirmPage</name>
    <message>
        <source>Confirm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One confirmation for every group. After it there is no way back, only Undo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fail back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fail over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type the target cluster&apos;s name to confirm:</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The %1 commits new offsets on %2 for %n group(s):</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>  • %1 on %2: %n partition(s) of %3, re-reading at most %4 record(s), skipping %5</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>For each group: a backup of its current offsets on %1 is written first, then the new offsets are committed, read back and verified, and the operation is recorded in the audit log. Each group&apos;s consumers must stay stopped on both clusters until the Verify page says it is done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DISASTER MODE: %1 is unreachable; the offsets come from cached and replicated data.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster &apos;%1&apos; is read-only: the %2 is refused.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type &apos;%1&apos; to enable %2.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::FailoverExecutor</name>
    <message>
        <source>applied and verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>acknowledged but not verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no answer, may or may not have landed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read back with another offset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refused by the coordinator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not applied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not translated, left as they are on %1: %2. A consumer of &apos;%3&apos; subscribed to them there starts where its auto.offset.reset says; commit their offsets yourself or leave them out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The failover of group &apos;%1&apos; to %2 did not complete (%3): %4. Do not start its consumers on %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Once %1 answers, check the group&apos;s committed offsets there (a commit left without an answer may have landed late): lagscopectl describe --cluster %1 --group %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Then run the failover again, or restore the previous offsets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To undo: lagscopectl undo --cluster %1 --backup %2 --execute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start the consumers of group &apos;%1&apos; on %2, subscribed to %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep MirrorMaker running: %1 record(s) were not yet replicated to %2 and will arrive there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 record(s) were not replicated before %2 was lost: reconcile them when it is back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the consumers of &apos;%1&apos; on %2 stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the group has no committed offset that can be translated: nothing is changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>some partitions have no translated offset: nothing is changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the plan skips records the group has not consumed: refused without explicit acceptance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not translated: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The offsets were written, but the audit record could not be: %1. Note the change in your incident log.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::FailoverGather</name>
    <message>
        <source>all groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the flow %1-&gt;%2 does not link %3 and %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connecting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading offset syncs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>offset syncs: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading checkpoints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checkpoints: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading committed offsets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>committed offsets on %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>describing groups on %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>log offsets on %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>log starts on %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>log ends on %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>matching records of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gathered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; MirrorMaker&apos;s default topics.exclude leaves out some names like this</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a replica of a %1 topic: %2 has no original of it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not exist on %2%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading log offsets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading %1: the deadline passed before its end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (gave up after %1 records)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::FailoverPlanModel</name>
    <message>
        <source>Group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source topic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Part.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Committed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target topic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New offset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Method</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FAILED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>≤ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>records the group has not consumed that the new offset jumps over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not replicated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>records on %1 not (yet) on the target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::FailoverPlanPage</name>
    <message>
        <source>Plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The new offset of every partition on the target, how it was found, and what the group will read again. Nothing is written yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accept that the group skips the records counted in &apos;Skipped&apos; (they will never be consumed on the target)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export JSON…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 group(s) (%7), %2 partition(s) by method: %3. Re-read at most %4 record(s), skipped %5, not replicated %6.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n partition(s) have no translated offset: the plan is refused (choose another fallback on the Select page).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>The plan skips records the group has not consumed: refused unless you accept it below.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot save %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::FailoverPlanner</name>
    <message>
        <source>committed at the source&apos;s log start (%1): the target&apos;s log start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>newest offset sync at or below %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checkpoint newer than the cached commit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MirrorMaker checkpoint of offset %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exact matching needs the source cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no replica of the records at offset %1 found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no %1 data for offset %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; fallback: earliest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; fallback: latest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; records %1..%2 were deleted on %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the group has no committed offset for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not exist on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its log offsets are unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>earliest starts at %1 (%2 record(s)), latest at %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was never committed by the group: on %2 its consumer starts at %3 where its auto.offset.reset says (%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: %n partition(s) never committed by the group (%2): on %3 its consumer starts there where its auto.offset.reset says (earliest: %4; latest: the log end, nothing read)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 record(s) read from the log start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>log offsets unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>topic &apos;%1&apos; is not translated (%2): the group&apos;s offsets there are left as they are</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>group &apos;%1&apos; has no committed offsets on %2 to translate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>group &apos;%1&apos; has no committed offset on %2 that can be translated</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::FailoverPreflight</name>
    <message>
        <source>unknown age</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>target group inactive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; on %2 has no active members</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; on %2 is %3 with %4 member(s): stop its consumers first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>source group inactive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is unreachable: disaster mode, from cached and replicated data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is unreachable: a failover from it is a disaster failover and must be acknowledged (--disaster)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; on %2 is %3 with %4 member(s): stop its consumers for a planned switchover</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>remote topics exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing on %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not translated, left as they are: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every committed topic has its replica on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>target writable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is read-only in the configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not read-only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every partition translated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the group has no committed offsets on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing to translate: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 partition(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no skipped records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no partition jumps over unconsumed records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>accepted: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refused without --accept-skips: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replication caught up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 record(s) not yet replicated to %2 (wait with --wait-replication)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 record(s) were not replicated when %2 was last seen: lost with it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown for some partitions (no offset sync or log end)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every record on %1 is on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data freshness</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>committed offsets read live from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no cached committed offsets: checkpoints only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>oldest cached commit seen %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::FailoverPreflightPage</name>
    <message>
        <source>Preflight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Both clusters are read; every group must pass its checks before a plan can be applied.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group / check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait for replication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for replication: %1 record(s) not yet on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading %1 and %2…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot prepare the %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n group(s) read.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is unreachable (%2): disaster mode, using the failover cache %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>I acknowledge that %1 is unreachable: fail over from cached and replicated data (disaster mode; records not replicated are lost with it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for replication failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>left out</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n partition(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>No group to %1: none has commits on topics replicated to %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait for replication (%1 record(s) not yet on %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No group is included.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is refused (red checks): fix the cause and check again, or uncheck the group to leave it out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Acknowledge disaster mode to continue.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::FailoverSelectPage</name>
    <message>
        <source>Select</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which groups move, in which direction, and how their offsets are translated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Consumer groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These groups (target group id optional: empty keeps the same id)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group id on the target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto — the best method each partition allows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exact — match the records on both clusters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>offset-sync — MirrorMaker&apos;s rule on the current committed offset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checkpoint — MirrorMaker&apos;s last checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Method:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stop: refuse the plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>earliest: re-read everything</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latest: may skip records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partitions nothing translates:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave empty to keep &apos;%1&apos; on the target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose two different clusters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check at least one group.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose what happens to partitions nothing can translate (earliest, latest or stop).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All groups of %1 with commits on topics replicated to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failback over the flow %1 → %2, read backwards.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failover over the flow %1 → %2.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::FailoverVerifyPage</name>
    <message>
        <source>Verify and next steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the target holds now, what to do next, and how to undo it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target topic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Part.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Planned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Committed now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore the previous offsets of %1 on %2 from the backups?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 group(s) verified on %3: the committed offsets read back equal the plan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next steps:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backups of the previous offsets (Undo restores them; also: lagscopectl undo --cluster %1 --backup FILE --execute):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restoring the offsets from the backups…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: undo failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: undo refused: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2, restored %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  %1 had no committed offset before: left at its new offset (a commit cannot be removed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::FailoverWizard</name>
    <message>
        <source>OK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WARN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>REFUSED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fail back from %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fail over from %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No cluster named &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No MirrorMaker 2 flow links %1 and %2 in the configuration.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster &apos;%1&apos; is read-only: failover to it is refused.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failover</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::FlowDiscovery</name>
    <message>
        <source>MirrorMaker alias %1 taken for cluster %2: %3 topic(s) of %2 are on %4 as &quot;%1…&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no known cluster is MirrorMaker&apos;s &quot;%1&quot;: add it to the clusters to monitor this flow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>internal topics use &quot;%1&quot; but replicated topics &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no topic on %1 is named &quot;%2%3&lt;topic&gt;&quot;, but %4 topic(s) of %5 exist there under their own names: MirrorMaker may use the identity policy (set policy: identity if so)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no replicated topic of %1 on %2 yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MirrorMaker alias %1 taken for cluster %2 from the offset-syncs topic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no offset-syncs topic found: checkpoints cannot be checked against them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>source and target have the same alias %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only an offset-syncs topic: no checkpoints or heartbeats of %1 on %2 yet, aliases and separator are guesses</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::FlowGroupModel</name>
    <message>
        <source>Group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partitions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpointed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-read on failover</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Records between the checkpoints and the group&apos;s real commits on the source: what a consumer failing over now would read again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No partition has both a checkpoint and a commit on the source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Without checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No translated offset after a failover for:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Oldest checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stale: the group committed past its checkpoint long ago</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::FlowLatencyChart</name>
    <message>
        <source>latency (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replication latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not OK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No flow selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No replication latency of this flow in the last %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading history…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::FlowReadinessChart</name>
    <message>
        <source>time (local)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>re-read (records)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>without checkpoint (partitions)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>records re-read on failover</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>partitions without checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a group to see its failover readiness</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading history…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No failover readiness of %1 in the last %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::FlowTableModel</name>
    <message>
        <source>Flow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MirrorMaker 2 flow %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Health</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replication latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No heartbeat of this flow seen on the target yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Age of the newest heartbeat replicated to the target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Records behind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown while a cluster cannot be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most behind: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Groups checkpointed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Groups with a checkpoint for every partition they committed on the source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last update</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::GroupDetailPage</name>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — not in the latest poll</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b style=&quot;color:%1&quot;&gt;%2&lt;/b&gt; %3&lt;br&gt;Oldest unconsumed record: %4 · time to drain (slowest partition): %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; on %2 — %3, %n member(s), total lag %4, max partition lag %5</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n rebalance(s) in the last hour</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Delete orphaned offsets…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b style=&quot;color:%1&quot;&gt;SPLIT BRAIN&lt;/b&gt; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>&lt;b style=&quot;color:%1&quot;&gt;ORPHANED OFFSETS&lt;/b&gt; %n committed partition(s) nobody reads: %2</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Reset offsets…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>De&amp;lete…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fail &amp;over…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fail &amp;over to %1…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::GroupTableModel</name>
    <message>
        <source>No partition of this group has a known lag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Members</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No committed offsets or assignments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total lag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max lag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest lag of one partition of the group (records)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lag time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The group&apos;s value is its oldest partition&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time to drain the lag at the current consume rate (the slowest partition)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rebalances/h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rebalances completed in the last hour (seen by Lagscope&apos;s polls; several between two polls count as one)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No lag seen yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Total lag over the last %n change(s): from %1 to %2, now %3</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Split brain: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Orphaned offsets (nobody reads them) on: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When retention is forecast to delete records the group has not read (its soonest partition)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No partition of this group is forecast to lose records</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::HistoryLocation</name>
    <message>
        <source>expected postgresql://USER@HOST[:PORT]/DATABASE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a valid URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a password in the URL is not accepted: give it with history_password (a reference like ${env:NAME})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the user is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the host is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the port must be from 1 to 65535</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the database name is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown option &apos;%1&apos; in the URL (known: sslmode, sslrootcert)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sslmode must be one of %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::HistoryRecorder</name>
    <message>
        <source>History is not recorded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not record history: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not compact history: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the disk holding %1 is full (%2 free)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History paused: %1. Monitoring goes on; history resumes when there is room again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History is not recorded: %1. Lagscope tries again every %2 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History recording started: %1 is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>History resumed: %n poll result(s) from %1 to %2 UTC were not recorded (disk full).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>History written again to %1: %n write(s) kept in memory were written; %2 dropped in all since start.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n poll(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n flow poll(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n alert event(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Not in the history: %1 from %2 to %3 UTC. The history database was unreachable for longer than the %4 writes Lagscope keeps in memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History database %1 unreachable: %2. Polls, flow polls and alert events are kept in memory (up to %3) and written when it is back.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::HistoryStore</name>
    <message>
        <source>could not rename %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot open the history file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the history file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the history file is not ready (schema version %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The history file %1 cannot use write-ahead logging (journal mode is %2); writes will be slower.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot configure the history file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot check the history file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the integrity check failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is a database, but not a Lagscope history file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the history file %1 was written by a newer version of Lagscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid history retention policy: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No path given for the history file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the folder %1 for the history file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The history file %1 is unusable (%2), and %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The history file %1 could not be used (%2). It was moved to %3 and a new, empty history was started.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot use the history file %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write the history of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the history of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read events from the history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write rebalances to the history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a rebalance of %1 has no end time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read rebalances from the history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the groups of the history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a poll of %1 has no time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write to the history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write events to the history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an event of %1 has no time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot compact the history without the current time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot compact the history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The history of %1 is damaged: a block of it cannot be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot migrate the history file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the history file %1 (schema version %2) could not be upgraded: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write the failover readiness of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the failover readiness of %1 in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a stored poll is damaged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot use the history database %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Qt&apos;s PostgreSQL driver (QPSQL) is not installed (Debian: libqt6sql6-psql)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the password of %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot connect to %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the history in %1 is not ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot lock the schema of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the database %1 has tables that are not Lagscope&apos;s: give Lagscope a database (or a user whose search_path is a schema) of its own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the history in %1 was written by a newer version of Lagscope</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::Keyring</name>
    <message>
        <source>The desktop keyring is turned off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No desktop session bus: the password is kept for this session only and asked again next time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No keyring (Secret Service) is running: the password is kept for this session only and asked again next time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This build has no keyring support: the password is kept for this session only.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::LagChart</name>
    <message>
        <source>No history: the history store is not available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No group selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No history of %1 in the last %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>joined</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reassigned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time (local)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lag (records)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading history…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::LagStatus</name>
    <message>
        <source>OK: caught up or keeping up.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WARN: the lag is growing (trend over the window).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ERR: the committed offset is outside the log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>STOP: nobody consumes, and there is lag.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>STALL: a member owns the partition, but its committed offset does not move while there is lag.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>REWIND: the committed offset went backwards.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown until the log-end offset has been sampled twice (or there is no committed offset)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The first unconsumed record is older than the log-end history Lagscope has sampled (%1): at least that old. Lagscope does not extrapolate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The first unconsumed record was appended about %1 ago (interpolated between two polls&apos; log-end offsets).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown until two polls have shown the consume rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Never at the current rate: the committed offset has not advanced in the window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time to consume the current lag at the rate the committed offset advanced over the window (new records arriving meanwhile are not counted).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The group&apos;s value is its slowest partition&apos;s (partition skew).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>UNREAD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>UNREAD: the last poll could not read this group, so its status was not judged.
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The values shown were read at %1 (%2 ago).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No poll has read it yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RISK: at the rates seen, retention will delete records the group has not read yet (the log start passes the committed offset).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not forecast: no lag, no committed offset, records already lost (ERR), or the consume rate not known yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No forecast: the log start has not moved while Lagscope watched (a compacted topic, infinite retention, or not yet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No forecast yet: one step of the log start seen, a rate needs two</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No forecast: the log start has stopped moving</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No forecast: the group keeps up with the log start</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>At the rates seen, retention deletes records the group has not read in %1, from %n step(s) of the log start. The range covers the polls&apos; granularity and the steps&apos; spacing, not a change of rates.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lagscope::MainWindow</name>
    <message>
        <source>Lagscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No clusters configured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No history to report on: the history store is not available.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>offset reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No MirrorMaker 2 flow links %1 to another cluster.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select one or more groups.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fail over…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Fail over %n group(s) to %1…</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Cluster %1 saved to %2; restart Lagscope to connect with it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — stale: cluster unreachable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 broker(s)%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 topic(s)%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 group(s), total lag %2%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: polled %2 (%3 ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Refresh now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Add cluster…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Brokers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show internal topics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Consumer groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read-only: write actions are refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read-only (%1): write actions are refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TLS verification is OFF (%1): anyone on the network path can impersonate this cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>certificates not verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host name not verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: connecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replication</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n flow(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n MirrorMaker 2 flow(s) discovered, not monitored yet</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>deleting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select one group.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete group…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Triage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What is wrong now across every cluster and flow, worst first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OK</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Main toolbar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Triage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster t&amp;ree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Back to the groups table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Event log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Documentation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No documentation found: it is installed in share/doc/lagscope.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Lagscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;About Qt&lt;/h3&gt;&lt;p&gt;Lagscope uses Qt %1 (built against Qt %2), a C++ toolkit for cross-platform applications, under the GNU Lesser General Public License version 3.&lt;/p&gt;&lt;p&gt;Qt is a trademark of The Qt Company Ltd. See &lt;a href=&quot;https://www.qt.io/licensing/&quot;&gt;qt.io/licensing&lt;/a&gt;.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ed&amp;it cluster…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Main &amp;toolbar</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::ModelFormat</name>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lagscope::OrphanedOffsets</name>
    <message>
        <source>the topic or partition no longer exists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the group has members and none is assigned this topic</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::OverviewPage</name>
    <message>
        <source>Brokers online:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Controller:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partitions:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Consumer groups:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total lag:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last poll:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Errors:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for the first poll…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unreachable since %1 — showing the last data seen, which may be stale.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>broker %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 in %2 topics — %3 under-replicated, %4 offline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, took %2 ms</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::PartitionLagModel</name>
    <message>
        <source>Topic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not judged: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Committed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The group has no committed offset for this partition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log end offset unknown (no leader, or not fetched)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No committed offset, so no lag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log end offset unknown, so no lag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lag time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time to drain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Consume rate: %1 records/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Member</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not assigned to any member</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
Orphaned offset: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When retention is forecast to delete records the group has not read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log end − committed is %1; %2 of those offsets are transaction markers or aborted records, which no read_committed consumer receives</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::QuorumHealth</name>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no fetch known to leader %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no fetch for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 records behind, never caught up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 records behind, caught up %2 ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>leader</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>caught up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>controller quorum has no leader (was %1, epoch %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>controller quorum leader %1 → %2 (epoch %3 → %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>controller voter %1 lost: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>controller voter %1 lagging: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>controller voter %1 caught up</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::QuorumPanel</name>
    <message>
        <source>&lt;b&gt;Controller quorum&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not read yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None to show: the cluster runs on ZooKeeper, or on Kafka older than 3.3, which cannot describe its controller quorum (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No leader · epoch %1 · high watermark %2 — the metadata log cannot change until a voter wins an election</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leader %1 · epoch %2 · high watermark %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n voter(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n observer(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lagscope::QuorumTableModel</name>
    <message>
        <source>Leader</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Observer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Caught up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lagging</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metadata log directory %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Role</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The active controller: it leads the metadata log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A voter that follows the leader&apos;s metadata log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A broker: it replicates the metadata log but has no vote</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Health</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Voters only, by the leader&apos;s clock: caught up; lagging (fetching, but without all of the log for a while); lost (not fetching)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log end offset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Records behind the leader&apos;s high watermark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last fetch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When the leader last had a fetch from it, by the leader&apos;s clock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last caught up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When it last had all of the leader&apos;s log, by the leader&apos;s clock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::Rebalance</name>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>member joined</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>member left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>assignment changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>re-join, no visible change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>between %1 and %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no partition moved</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n partition(s) moved</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>completed between two polls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rebalance (%1): %2 → %3 member(s), %4; took %5 (%6)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::RebalanceTimeline</name>
    <message>
        <source>Ended by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trigger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Members</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partitions moved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Rebalances&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Rebalances&lt;/b&gt; — %1 in the last %2, %3 in the last hour. Times are poll times: each bar spans the polls around the rebalance.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n: %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Began and ended between the polls at %1 and %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started between %1 and %2; ended between %3 and %4 (%5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
Members before:
%2
Members after:
%3
Moves:
%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Rebalances&lt;/b&gt; — loading the last %1…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::ReplicaMatcher</name>
    <message>
        <source>no records around offset %1 on the source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no replica of the records around offset %1 among %2 target records from offset %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one past record %1&apos;s replica at %2, the last record before %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>record %1 is replicated at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (record %1 of a run of %2%3 identical records)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; its neighbours differ on the two sides (compaction), matched on the record itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; %1 records compared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; ambiguous: earliest of %1 candidates up to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; ambiguous: the target was not read up to every place the record can be</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::Replication</name>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::ReplicationPage</name>
    <message>
        <source>info</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No replication flow polled yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failover readiness of the consumer groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fail over all groups…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fail back all groups…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flow events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replication latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No flow selected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failover is not available here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fail over all groups %1 → %2…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fail back all groups %1 → %2…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failover readiness</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::Report</name>
    <message>
        <source>&apos;%1&apos; is not a duration: use a whole number and a unit, e.g. 30m, 24h or 7d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The duration &apos;%1&apos; must be positive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a time: use ISO 8601, e.g. 2026-11-29T08:00:00Z or 2026-11-29 09:00 (local time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report needs a start and an end time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report range is empty: it starts at %1 and ends at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report range starts in the future (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The history keeps %1 (back to %2); the requested range starts at %3, %4 earlier. Choose a range within the last %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The group pattern &apos;%1&apos; is not a valid regular expression: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The history has no data of cluster &apos;%1&apos; (it has: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The history has no consumer groups to report on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No consumer group in the history matches &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not available: no lag in seconds recorded in the range (histories before schema version 4 have none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not available: no lag status recorded in the range (histories before schema version 4 have none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report was cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n group(s) have no lag status in the range (recorded before lag statuses were).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n group(s) have no lag in seconds in the range.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n selected group(s) had no data in the range and are left out.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>No selected group has history between %1 and %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::ReportExportJob</name>
    <message>
        <source>Reading the history: group %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote 1 group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote %1 groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report was cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> on %1 pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drawing the PDF: chart %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::ReportPdf</name>
    <message>
        <source>Lagscope lag report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; times in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clusters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all in the history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>matching %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Groups reported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SLA threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>total lag above %1 records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SLA threshold (time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lag above %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per-partition detail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (keeps %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the history could not say</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lag in seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lag status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rebalances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How to read the numbers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lag is a group&apos;s total lag in records (the sum over its partitions). Average and 95th percentile are weighted by time: each poll stands for the time until the next poll, each stored bucket for its span. History older than 6 hours is kept in 1-minute buckets and older than 24 hours in 10-minute buckets, each holding the maximum lag seen in it, so over older ranges average and percentile are upper bounds. A breach is a stretch of time during which the total lag stayed above the threshold; a gap in the data ends a stretch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lag status (OK, WARN, ERR, STOP, STALL, REWIND) and lag in seconds (the age of the group&apos;s oldest unconsumed record) are what Lagscope judged at each poll and recorded per group. A poll&apos;s status holds until the next poll, but at most 3 usual poll intervals: a longer gap counts as no data (Lagscope was not running). A bucket holds its worst status and largest lag in seconds. A value marked ≥ is a lower bound: some samples only said “at least N s” (the oldest unconsumed record was older than Lagscope&apos;s log-end history), and they count as N.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot finish the PDF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lag (records)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SLA %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lagscope lag report, %1 – %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>page %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 (%3 %)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max lag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Avg</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P95</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lag now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Breaches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Over %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time in each lag status (share of the range)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total lag: max %1, average %2, 95th percentile %3 records; largest partition lag %4. %5 samples covering %6.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SLA: never above %1 records.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SLA breaches (total lag above %1): %2, %3 in all; the longest %4 from %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lag in seconds (age of the oldest unconsumed record): max %1%2 s, average %1%3 s, 95th percentile %1%4 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 samples (%3) were lower bounds (“at least”), so these are lower bounds too.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SLA: never more than %1 s behind.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SLA breaches (lag above %1 s): %2, %3 in all; the longest %4 from %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last sample (%1): %2, %3 members, total lag %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, status %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, %1 s behind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not recorded for this group in the range.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None in the range.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rebalances, %2 to %3 in all (Lagscope sees a group only when it polls, so each duration lies between two bounds).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trigger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Members</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Moved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partitions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Committed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Charts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every group, a page each (asked for)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every group, a %1 each</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 groups that breached an SLA or lagged most, a %2 each; the other %3 are rows of the tables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Charts, ranks %1 to %2 of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>above %1: %2 breaches, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1. %2 / %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lag max %1, p95 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; max %1%2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary, ranked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Groups that breached an SLA or lagged most, ranked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other groups, ranked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time in each lag status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each chart shows its group&apos;s lag statuses; the time every group spent in each status is in the CSV (-states.csv) and JSON exports of the same range.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total lag in records over the range (SLA threshold dashed); the bar beneath is the lag status: OK green, WARN amber, STALL orange, STOP dark purple, REWIND teal, RISK crimson, ERR red, no data grey. Each group&apos;s full numbers are in the CSV and JSON exports; ask for every group (lagscopectl report --every-group, or the export dialog) for a page each.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::ResetExecutor</name>
    <message>
        <source>cannot describe group &apos;%1&apos;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write backup %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not sent: the commit of topic &apos;%1&apos; failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>commit of topic &apos;%1&apos; failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read-back failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>offset reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the change could not be audited, so it is not made: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::ResetOffsetsDialog</name>
    <message>
        <source>Reset offsets of %1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>offset reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preview the reset first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The plan is empty: nothing to reset.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type &apos;%1&apos; to enable Execute.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applying the new offsets…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applying the new offsets… %1 of %2 topics committed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finished. Preview again before another reset.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restoring the offsets from the backup…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 refused, nothing was changed:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 %2: %3 (%n partition(s)).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 → %3, committed now %4 — %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backup of the previous offsets: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>offset, e.g. 1000</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>records, e.g. -500 or +100</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ISO-8601 duration, e.g. PT1H or P1DT2H</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>source consumer group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Earliest offset (log start)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latest offset (log end)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Current committed offset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shift by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Date and time (UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy from group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partitions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All topics with a committed offset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected topics and partitions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topic / partition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Committed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Execute reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore the offsets of %1 from %2?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the group&apos;s committed offsets…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the group: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group state: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>partition %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose how to reset.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter a whole number.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter a duration.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter the group to copy from.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the partitions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check at least one partition.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing the new offsets…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n partition(s) in the plan.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>The audit record could not be written: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::ResetParsers</name>
    <message>
        <source>expected yyyy-MM-ddTHH:mm:ss.SSS with an optional zone (Z, +08, +0800 or +08:00), e.g. 2024-05-01T12:00:00.000Z</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>write an ISO-8601 duration such as PT1H, PT30M, P1DT2H or PT0.5S</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The date-time is empty; %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; has no &apos;T&apos; between the date and the time; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a date-time; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; has no milliseconds; they are required, e.g. 2024-05-01T12:00:00.000</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos;: the milliseconds must have exactly three digits, got &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos;: unrecognised zone &apos;%2&apos;; use Z, +08, +0800 or +08:00 (or - offsets), or nothing for UTC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos;: year 0000 does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos;: month %2 is out of range (01-12)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos;: day %2 does not exist in %3-%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos;: hour %2 is out of range (00-23)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos;: minute %2 is out of range (00-59)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos;: second %2 is out of range (00-59)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The duration is empty; %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos;: years, months and weeks are not supported, only days (24 hours), hours, minutes and seconds, e.g. P7D or PT36H</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not an ISO-8601 duration; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos;: &apos;T&apos; must be followed by hours (H), minutes (M) or seconds (S)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; has no days, hours, minutes or seconds; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is too long to express in milliseconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The topic argument is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid topic arg &apos;%1&apos;, expected topic name and partitions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid partition &apos;%1&apos; specified in topic arg &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1: unterminated quoted field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1: expected 3 or 4 fields, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1: topic,partition,offset lines need a group, and none was given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1: expected 4 fields (group,topic,partition,offset) as on line %2, got %3; a file cannot mix the two formats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1: expected 3 fields (topic,partition,offset) as on line %2, got %3; a file cannot mix the two formats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1: the group is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1: the topic is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1: partition &apos;%2&apos; is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1: partition &apos;%2&apos; is negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1: offset &apos;%2&apos; is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1: %2 of group &apos;%3&apos; was already given on line %4; the later line wins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file has no offsets</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::ResetPlanner</name>
    <message>
        <source>Topic &quot;%1&quot; does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topics &quot;%1&quot; do not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The partitions &quot;%1&quot; do not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The partitions &quot;%1&quot; have no leader</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error getting starting offset of topic partition: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error getting ending offset of topic partition: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New offset (%1) is higher than latest offset for topic partition %2. Value will be set to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New offset (%1) is lower than earliest offset for topic partition %2. Value will be set to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warn: Partition %1 from topic %2 is empty. Falling back to latest known offset.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose either all topics or a list of topics, not both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One of the reset scopes should be defined: --all-topics, --topic.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No reset plan for group %1 found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No partition offsets were given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group &apos;%1&apos; has no committed offsets to copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group &apos;%1&apos; has no committed offsets: there is nothing to reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot shift offset for partition %1 since there is no current committed offset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error getting offset by timestamp of topic partition: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group &apos;%1&apos; has no committed offset for %2; it is left unchanged</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::ResetPreviewModel</name>
    <message>
        <source>Topic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Current</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delta</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 records will never be consumed by this group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 records will be consumed again by this group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::ResetRecords</name>
    <message>
        <source>not a backup file: %1 at byte %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a backup file: it needs &quot;group&quot; and an &quot;offsets&quot; array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a backup file: an entry of &quot;offsets&quot; lacks topic, partition or offset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>acknowledged by the coordinator, but not read back: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the commit failed (%1), and not read back: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the commit failed (%1); committed offset is %2 now, but the commit may still land until the connection is closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>committed offset is %1, not %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no committed offset after the reset</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::ResetUndo</name>
    <message>
        <source>cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a backup of cluster &apos;%2&apos;, not &apos;%3&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds no committed offsets to restore (the group had none before)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::SecretReference</name>
    <message>
        <source>(no error output)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>${cmd:%1}: cannot start /bin/sh: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>${cmd:%1}: no answer within %2 s (killed); stderr: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>${cmd:%1}: failed (exit code %2); stderr: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>${cmd:%1}: printed nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a reference must look like ${env:NAME}, ${file:/path}, ${cmd:command} or ${keyring:NAME}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown reference ${%1:...} (expected env, file, cmd or keyring)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>${%1:} names nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>${env:%1}: the environment variable is not set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>${file:%1}: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>${file:%1}: the file is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>${keyring:%1}: no such secret in the keyring or this session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>${keyring:%1}: keyring secrets are available in the desktop app only; use ${env:}, ${file:} or ${cmd:} here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is readable by others (mode %2): chmod 600 it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::SecurityProperties</name>
    <message>
        <source>security.password: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>security.key_password: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::SnapshotDiff</name>
    <message>
        <source>broker %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>broker %1 (%2:%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is offline: missing from metadata</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is online</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is unreachable: in metadata, but the connection failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>controller %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is offline: no leader (replicas %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is under-replicated: ISR %2 of replicas %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is in sync: leader %2, ISR %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>assignment changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lag status %1 → %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>group appeared (%1, %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>group disappeared (was %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>member %1 joined (client %2, host %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>member %1 left (client %2, host %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot reach the cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot reach the cluster: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cluster is reachable again (unreachable since %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cluster is reachable again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 partition moved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 partitions moved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 partition newly assigned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 partitions newly assigned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 partition no longer assigned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 partitions no longer assigned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 member</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 members</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is unfenced and online</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is fenced: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is stopping: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::SplitBrain</name>
    <message numerus="yes">
        <source>%n member(s): %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>commits moving on %n partition(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 on %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>consumed on both sides of %1: %2 and %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>split brain: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>split brain over: %1 is no longer consumed on both sides of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::TablePage</name>
    <message>
        <source>Filter (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::TopicTableModel</name>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (internal topic)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partitions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replication factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Under-replicated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partitions with fewer in-sync replicas than replicas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partitions without a leader</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log offsets unknown (no leader, or not fetched yet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log end minus log start over %1 of %2 partitions; the others have unknown offsets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log end minus log start, summed over all partitions</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::Triage</name>
    <message>
        <source>%1 and %2 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unreachable: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>quorum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The controller quorum has no leader: no metadata change is possible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>voter %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Controller voter %1 %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>online</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unreachable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>offline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fenced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Broker %1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>broker %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n partition(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Offline (no leader): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Under-replicated: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (total lag %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; stale checkpoints: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alert %1 firing: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alert %1 firing for %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Split brain: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::TriageModel</name>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Already so when Lagscope first looked, at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Since %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Severity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster / flow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::TriagePage</name>
    <message>
        <source>Triage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for the first polls…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clusters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What is wrong now, worst first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click or press Enter to open a row&apos;s page</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Nothing wrong on %n cluster(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 and %2 across %n cluster(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lagscope::UndoConfirmation</name>
    <message>
        <source>Undo…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::WelcomePage</name>
    <message>
        <source>&lt;h2&gt;Welcome to Lagscope&lt;/h2&gt;&lt;p&gt;Lagscope watches your Kafka clusters: brokers, topics, consumer groups and their lag, with history. It reads the clusters to watch from a YAML file:&lt;/p&gt;&lt;p&gt;&lt;tt&gt;%1&lt;/tt&gt;&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;The configuration could not be used:&lt;/b&gt;&lt;/p&gt;&lt;pre&gt;%1&lt;/pre&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;A minimal file:&lt;/p&gt;&lt;pre&gt;clusters:
  - name: primary
    bootstrap: kafka-1:9092,kafka-2:9092
&lt;/pre&gt;&lt;p&gt;The sample at &lt;tt&gt;%1&lt;/tt&gt; shows every key. Start Lagscope again after writing the file, or pass &lt;tt&gt;--config FILE&lt;/tt&gt;.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;There is no cluster in it yet. Add one: its name, bootstrap servers and security. &lt;b&gt;Test connection&lt;/b&gt; checks them before anything is saved; &lt;b&gt;Save&lt;/b&gt; writes the file and Lagscope starts watching the cluster. Passwords are kept in the desktop keyring or written as a reference (&lt;tt&gt;${env:…}&lt;/tt&gt;, &lt;tt&gt;${file:…}&lt;/tt&gt;), never into the file.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Add a cluster…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the &amp;sample configuration</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::WriteGuard</name>
    <message>
        <source>cluster &apos;%1&apos; is read-only%2: %3 is refused</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>lagscope::mirror::FlowMonitorService</name>
    <message>
        <source>Flow %1 skipped: cluster %2 is not configured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flow %1 skipped: it is already monitored</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
