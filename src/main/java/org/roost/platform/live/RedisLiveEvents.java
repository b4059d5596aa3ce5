package org.roost.platform.live;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.SmartLifecycle;
import org.springframework.data.redis.connection.ReactiveRedisConnectionFactory;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.data.redis.listener.ChannelTopic;
import org.springframework.data.redis.listener.ReactiveRedisMessageListenerContainer;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.util.retry.Retry;
import tools.jackson.databind.json.JsonMapper;

/**
 * Events shared by every instance through Redis pub/sub: a write on any instance reaches the
 * subscribers of all. A message is the event's class name, a newline and its JSON; only types that
 * a subscription has asked for are read back. Publishing never waits: events are at-most-once, so
 * while Redis is unreachable they are dropped (with one warning per outage) and writes go on; the
 * subscription to the channel is renewed by itself when Redis returns.
 */
@Component
@ConditionalOnProperty(name = "roost.redis.enabled", havingValue = "true")
class RedisLiveEvents implements LiveEvents, SmartLifecycle, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(RedisLiveEvents.class);
    private static final Duration PUBLISH_TIMEOUT = Duration.ofSeconds(1);

    private final ReactiveRedisConnectionFactory connections;
    private final ReactiveStringRedisTemplate redis;
    private final String channel;
    private final LiveFanOut fanOut;
    private final JsonMapper json = JsonMapper.builder().build();
    private final Map<String, Class<?>> readable = new ConcurrentHashMap<>();
    private final AtomicBoolean publishFailing = new AtomicBoolean();
    private volatile @Nullable ReactiveRedisMessageListenerContainer container;
    private volatile @Nullable Disposable listening;

    RedisLiveEvents(ReactiveRedisConnectionFactory connections, LiveSettings settings,
            @Value("${roost.redis.namespace}") String namespace) {
        this.connections = connections;
        this.redis = new ReactiveStringRedisTemplate(connections);
        this.channel = namespace + ":" + settings.channel();
        this.fanOut = new LiveFanOut(settings.subscriberBuffer());
    }

    String channel() {
        return channel;
    }

    @Override
    public int subscribers() {
        return fanOut.subscriberCount();
    }

    @Override
    public void publish(Object event) {
        String message = event.getClass().getName() + "\n" + json.writeValueAsString(event);
        redis.convertAndSend(channel, message).timeout(PUBLISH_TIMEOUT).subscribe(
                received -> {
                    if (publishFailing.compareAndSet(true, false)) {
                        log.info("Publishing live events through Redis again");
                    }
                },
                failure -> {
                    if (publishFailing.compareAndSet(false, true)) {
                        log.warn("Live events are being dropped: Redis did not take one ({})", failure.toString());
                    }
                });
    }

    @Override
    public <T> Flux<T> stream(Class<T> type) {
        readable.put(type.getName(), type);
        return fanOut.stream(type);
    }

    private void receive(String message) {
        int newline = message.indexOf('\n');
        Class<?> type = newline < 0 ? null : readable.get(message.substring(0, newline));
        if (type == null) {
            return; // nobody here subscribes to it, or not an event of ours
        }
        try {
            fanOut.dispatch(json.readValue(message.substring(newline + 1), type));
        }
        catch (RuntimeException unreadable) {
            log.debug("Ignoring an unreadable live event: {}", unreadable.toString());
        }
    }

    @Override
    public void start() {
        listening = Flux.defer(() -> listener().receive(ChannelTopic.of(channel)))
                .doOnError(failure -> log.warn("Lost the live-event channel, renewing: {}", failure.toString()))
                .retryWhen(Retry.backoff(Long.MAX_VALUE, Duration.ofMillis(200)).maxBackoff(Duration.ofSeconds(5)))
                .subscribe(message -> receive(message.getMessage()));
    }

    @Override
    public void stop() {
        Disposable subscription = listening;
        if (subscription != null) {
            subscription.dispose();
        }
        ReactiveRedisMessageListenerContainer listener = container;
        if (listener != null) {
            listener.destroyLater().subscribe(done -> { }, failure -> { });
        }
        container = null;
        listening = null;
    }

    /**
     * Made when the channel is first subscribed to, inside the retry, not when the instance starts: the
     * container connects as it is made, and a Redis that is down or slow to answer at start-up must not
     * stop the instance from starting (it subscribes once Redis answers, as after an outage).
     */
    private synchronized ReactiveRedisMessageListenerContainer listener() {
        ReactiveRedisMessageListenerContainer listener = container;
        if (listener == null) {
            listener = new ReactiveRedisMessageListenerContainer(connections);
            container = listener;
        }
        return listener;
    }

    /** A stopped container may start again (a lifecycle restart): only destruction ends the fan-out's threads. */
    @Override
    public void destroy() {
        fanOut.close();
    }

    @Override
    public boolean isRunning() {
        return listening != null;
    }
}
