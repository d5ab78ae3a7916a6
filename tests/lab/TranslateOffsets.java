// Kafka's own translation of a consumer group's committed offsets through MirrorMaker 2's
// checkpoints, for comparison with Lagscope's: RemoteClusterUtils.translateOffsets against
// the target cluster. Run by `lab translate-offsets`.
//
// usage: TranslateOffsets BOOTSTRAP SOURCE_ALIAS GROUP [TIMEOUT_MS]
// prints "topic partition offset" per translated partition, sorted; exit 1 on failure.

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.mirror.RemoteClusterUtils;

public class TranslateOffsets {
    public static void main(String[] args) {
        if (args.length < 3 || args.length > 4) {
            System.err.println("usage: TranslateOffsets BOOTSTRAP SOURCE_ALIAS GROUP [TIMEOUT_MS]");
            System.exit(2);
        }
        Map<String, Object> props = new HashMap<>();
        props.put("bootstrap.servers", args[0]);
        Duration timeout = Duration.ofMillis(args.length == 4 ? Long.parseLong(args[3]) : 30000);
        try {
            Map<TopicPartition, OffsetAndMetadata> offsets =
                RemoteClusterUtils.translateOffsets(props, args[1], args[2], timeout);
            List<Map.Entry<TopicPartition, OffsetAndMetadata>> rows = new ArrayList<>(offsets.entrySet());
            rows.sort(Comparator.comparing((Map.Entry<TopicPartition, OffsetAndMetadata> e) -> e.getKey().topic())
                          .thenComparingInt(e -> e.getKey().partition()));
            StringBuilder out = new StringBuilder();
            for (Map.Entry<TopicPartition, OffsetAndMetadata> e : rows)
                out.append(e.getKey().topic()).append(' ').append(e.getKey().partition()).append(' ')
                    .append(e.getValue().offset()).append('\n');
            System.out.print(out);
            System.out.flush();
            System.exit(0); // the client's non-daemon threads must not keep the JVM alive
        } catch (Exception e) {
            System.err.println("translateOffsets failed: " + e);
            System.exit(1);
        }
    }
}
