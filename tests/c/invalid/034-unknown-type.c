// CHECK: 2:1: error: unknown type name 'widget'
widget make_widget(void);
int main(void) {
    return 0;
}
