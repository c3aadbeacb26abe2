package io.eddy.hadoop.typeinfo;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.WritableComparable;

/** A WritableComparable without a registered raw comparator: Hadoop compares it through readFields and compareTo. */
public final class Point implements WritableComparable<Point> {
    private int x;
    private int y;

    public Point() {}

    public static Point of(int x, int y) {
        Point p = new Point();
        p.x = x;
        p.y = y;
        return p;
    }

    @Override
    public void write(DataOutput out) throws IOException {
        out.writeInt(x);
        out.writeInt(y);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        x = in.readInt();
        y = in.readInt();
    }

    @Override
    public int compareTo(Point o) {
        int c = Integer.compare(x, o.x);
        return c != 0 ? c : Integer.compare(y, o.y);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Point p && p.x == x && p.y == y;
    }

    @Override
    public int hashCode() {
        return 31 * x + y;
    }

    @Override
    public String toString() {
        return "(" + x + "," + y + ")";
    }
}
