package org.roost.platform.connections;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.catalina.connector.Connector;
import org.apache.tomcat.util.net.AbstractEndpoint;
import org.apache.tomcat.util.net.SocketWrapperBase;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.mockingDetails;
import static org.mockito.Mockito.when;

class ConnectionSweeperTest {

    /** One connection per address. */
    private static final ConnectionsProperties LIMITS = new ConnectionsProperties(Duration.ofSeconds(10),
            DataSize.ofKilobytes(1), Duration.ofSeconds(5), 1, Duration.ofMillis(500), "");

    @Test
    void judgesEveryOtherConnectionWhenOneCannotBeRead() {
        // given: a connection whose state throws when read, then two idle ones from one address (one over the limit)
        SocketWrapperBase<?> broken = mock(SocketWrapperBase.class);
        when(broken.getCurrentProcessor()).thenThrow(new NumberFormatException("cats"));
        SocketWrapperBase<?> first = idleFrom("10.0.0.1", 1001);
        SocketWrapperBase<?> second = idleFrom("10.0.0.1", 1002);
        AbstractEndpoint<?, ?> endpoint = endpointWith(new LinkedHashSet<>(List.of(broken, first, second)));
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        ConnectionSweeper sweeper = new ConnectionSweeper(List.of(mock(Connector.class)), new InServiceRequests(),
                LIMITS, meters, connector -> Optional.of(endpoint));

        // when
        sweeper.sweep();

        // then: the per-address limit still closed one of the two (both first seen in this sweep)
        assertThat(meters.counter("roost.connections.closed", "reason", "per-address").count()).isEqualTo(1);
        assertThat(mockingDetails(first).getInvocations().stream().anyMatch(call -> call.getMethod().getName()
                .equals("close")) ^ mockingDetails(second).getInvocations().stream()
                .anyMatch(call -> call.getMethod().getName().equals("close"))).isTrue();
    }

    private static SocketWrapperBase<?> idleFrom(String address, int port) {
        SocketWrapperBase<?> connection = mock(SocketWrapperBase.class);
        when(connection.getRemoteAddr()).thenReturn(address);
        when(connection.getRemotePort()).thenReturn(port);
        return connection;
    }

    @SuppressWarnings({ "unchecked", "rawtypes" })
    private static AbstractEndpoint<?, ?> endpointWith(Set<SocketWrapperBase<?>> connections) {
        AbstractEndpoint endpoint = mock(AbstractEndpoint.class);
        when(endpoint.getConnections()).thenReturn((Set) connections);
        return endpoint;
    }
}
