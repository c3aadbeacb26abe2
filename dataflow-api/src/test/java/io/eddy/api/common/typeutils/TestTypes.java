package io.eddy.api.common.typeutils;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** Types used by the serializer, comparator, extractor and accessor tests. */
public final class TestTypes {

    private TestTypes() {
    }

    public enum Color { RED, GREEN, BLUE }

    public record Point(int x, int y, String label) {
    }

    public record Line(Point from, Point to) {
    }

    /** A POJO with public fields, private fields with accessors, a nested POJO and a generic (Kryo) field. */
    public static class Person {
        public String name;
        public int age;
        private Address address;
        private List<String> tags;

        public Person() {
        }

        public Person(String name, int age, Address address, List<String> tags) {
            this.name = name;
            this.age = age;
            this.address = address;
            this.tags = tags;
        }

        public Address getAddress() {
            return address;
        }

        public void setAddress(Address address) {
            this.address = address;
        }

        public List<String> getTags() {
            return tags;
        }

        public void setTags(List<String> tags) {
            this.tags = tags;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Person p && Objects.equals(name, p.name) && age == p.age
                    && Objects.equals(address, p.address) && Objects.equals(tags, p.tags);
        }

        @Override
        public int hashCode() {
            return Objects.hash(name, age, address, tags);
        }

        @Override
        public String toString() {
            return "Person{" + name + ", " + age + ", " + address + ", " + tags + "}";
        }
    }

    public static class Address {
        public String city;
        public int zip;

        public Address() {
        }

        public Address(String city, int zip) {
            this.city = city;
            this.zip = zip;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Address a && Objects.equals(city, a.city) && zip == a.zip;
        }

        @Override
        public int hashCode() {
            return Objects.hash(city, zip);
        }

        @Override
        public String toString() {
            return "Address{" + city + ", " + zip + "}";
        }
    }

    /** Not a POJO (final field, no no-argument constructor): serialized with Kryo. Links may form cycles. */
    public static final class Opaque implements Comparable<Opaque> {
        private final String id;
        private final List<Opaque> links = new ArrayList<>();

        public Opaque(String id) {
            this.id = id;
        }

        public List<Opaque> links() {
            return links;
        }

        @Override
        public int compareTo(Opaque o) {
            return id.compareTo(o.id);
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Opaque other) || !id.equals(other.id) || links.size() != other.links.size()) {
                return false;
            }
            for (int i = 0; i < links.size(); i++) {
                if (!links.get(i).id.equals(other.links.get(i).id)) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public int hashCode() {
            return id.hashCode();
        }

        @Override
        public String toString() {
            return "Opaque(" + id + ")";
        }
    }

    /** A generic POJO whose field types come from its type arguments. */
    public static class Box<T> {
        public T value;
        public long count;
    }
}
