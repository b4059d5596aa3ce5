package org.roost.social.post.settings;

import org.roost.social.post.TimelineProperties;

import org.springframework.stereotype.Component;

/**
 * The timeline settings in force: {@link TimelineProperties} as configured, unless replaced at run time. Every
 * reader (the post and follow writes, the background jobs, the repair) takes them from here on each use, so a
 * replacement applies from the next write or pass, in every path alike. Tests replace them on the shared service
 * (a threshold of 4 followers instead of 10,000) and put them back afterwards, instead of starting a service of
 * their own for other numbers.
 * <p>
 * The background passes (copying back, the feed trim) also run through here, so that they can be paused: a test
 * that runs the passes itself, one at a time, must not meet a scheduled one between two of its steps.
 */
@Component
public class TimelineSettings {

    private final TimelineProperties configured;
    private volatile TimelineProperties current;
    private final Object background = new Object();
    private boolean paused;

    TimelineSettings(TimelineProperties configured) {
        this.configured = configured;
        this.current = configured;
    }

    public TimelineProperties current() {
        return current;
    }

    public TimelineProperties configured() {
        return configured;
    }

    /** Replaces the settings in force (until {@link #reset}). */
    public void use(TimelineProperties settings) {
        current = settings;
    }

    /** Back to the configured settings, background passes running again. */
    public void reset() {
        current = configured;
        synchronized (background) {
            paused = false;
        }
    }

    /** Stops the scheduled passes from running; waits for one under way to end. */
    public void pauseBackground() {
        synchronized (background) {
            paused = true;
        }
    }

    /** Runs a scheduled pass unless the background passes are paused (one at a time, so a pause can wait for it). */
    public void inBackground(Runnable pass) {
        synchronized (background) {
            if (!paused) {
                pass.run();
            }
        }
    }
}
